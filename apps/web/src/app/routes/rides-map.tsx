import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Layer, NavigationControl, Source } from 'react-map-gl/maplibre';
import { BackLink } from '../../components/back-link';
import { messages } from '../../config/messages';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { usePrimaryLoading } from '../../lib/page-loading';
import { useRideMap } from '../../features/rides/api/rides';
import { BaseMap } from '../../features/stations/components/base-map';

const text = messages.rides;
const EMPTY = { type: 'FeatureCollection' as const, features: [] };

/**
 * /rides/map — the member's rides on the map of Japan: every line thin (the basemap's railways,
 * one cached file for the whole country), the ridden sections bold in their line's colour.
 */
export function Component() {
  useDocumentTitle(text.mapTitle);
  const ridden = useRideMap();
  usePrimaryLoading(ridden.isPending);
  const [idle, setIdle] = useState(false);
  const ready = idle && ridden.isSuccess;
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: 'calc(100dvh - 120px)',
        minHeight: 360,
        px: 1,
        py: 1,
      }}
    >
      <BackLink fallback={paths.rides.href()} />
      <Typography component="h1" variant="h6" sx={{ fontWeight: 700 }}>
        {text.mapTitle}
      </Typography>
      {ridden.isSuccess && ridden.data.features.length === 0 ? (
        <Typography color="text.secondary">{text.mapEmpty}</Typography>
      ) : null}
      <Box
        component="section"
        aria-label={text.mapLabel}
        data-testid="rides-map"
        data-state={ready ? 'ready' : 'loading'}
        data-features={ridden.data?.features.length ?? 0}
        sx={{ position: 'relative', flex: 1, minHeight: 300 }}
      >
        <Box sx={{ position: 'absolute', inset: 0 }}>
          <BaseMap
            initialViewState={{ latitude: 36.5, longitude: 137.5, zoom: 4 }}
            style={{ width: '100%', height: '100%' }}
            onIdle={() => setIdle(true)}
          >
            <NavigationControl position="top-right" showCompass={false} />
            <Source id="ridden" type="geojson" data={ridden.data ?? EMPTY}>
              <Layer
                id="ridden-casing"
                type="line"
                paint={{ 'line-color': '#ffffff', 'line-width': 7 }}
                layout={{ 'line-cap': 'round', 'line-join': 'round' }}
              />
              <Layer
                id="ridden-line"
                type="line"
                paint={{ 'line-color': ['get', 'color'], 'line-width': 4.5 }}
                layout={{ 'line-cap': 'round', 'line-join': 'round' }}
              />
            </Source>
          </BaseMap>
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {text.lineMapRidden}
      </Typography>
    </Box>
  );
}
