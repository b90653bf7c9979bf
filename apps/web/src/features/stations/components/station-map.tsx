import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { GeoJSONSource } from 'maplibre-gl';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Layer, NavigationControl, ScaleControl, Source } from 'react-map-gl/maplibre';
import type { MapLayerMouseEvent, MapRef } from 'react-map-gl/maplibre';
import { MAP_CLUSTER_RADIUS_PX } from '@ekispot/shared';
import { messages } from '../../../config/messages';
import { EMPTY_COLLECTION } from '../../../lib/map/basemap-style';
import { useStationMarkers } from '../api/get-station-markers';
import { useMapViewUrl } from '../hooks/use-map-view-url';
import { markersToGeoJson } from '../utils/markers-to-geojson';
import {
  CLUSTER_LAYER_ID,
  clusterCountLayer,
  clusterLayer,
  STATION_POINT_LAYER_ID,
  stationLabelLayer,
  stationPointLayer,
  STATIONS_SOURCE_ID,
} from '../utils/station-layers';
import { BaseMap } from './base-map';
import { LocateButton } from './locate-button';
import { MapStatus } from './map-status';
import { StationPopup } from './station-popup';
import type { SelectedStation } from './station-popup';
import { StationSearchBox } from './station-search-box';

const INTERACTIVE_LAYERS = [CLUSTER_LAYER_ID, STATION_POINT_LAYER_ID];
const STATION_ZOOM = 14;

/** The top page's map: clustered station markers, search, locate-me, popups. */
export function StationMap() {
  const mapRef = useRef<MapRef>(null);
  const markers = useStationMarkers();
  const { initialView, saveView } = useMapViewUrl();
  const [selected, setSelected] = useState<SelectedStation | null>(null);
  const [ready, setReady] = useState(false);
  const [cursor, setCursor] = useState<string>('');
  const stations = useMemo(
    () => (markers.data ? markersToGeoJson(markers.data) : null),
    [markers.data],
  );

  const handleClick = useCallback((event: MapLayerMouseEvent) => {
    const feature = event.features?.[0];
    const map = mapRef.current;
    if (!feature || !map || feature.geometry.type !== 'Point') return;
    const [lng, lat] = feature.geometry.coordinates;
    if (lng === undefined || lat === undefined) return;
    const clusterId: unknown = feature.properties?.cluster_id;
    if (typeof clusterId === 'number') {
      const source = map.getSource<GeoJSONSource>(STATIONS_SOURCE_ID);
      void source?.getClusterExpansionZoom(clusterId).then((zoom) => {
        map.easeTo({ center: [lng, lat], zoom: Math.min(zoom, 18), duration: 500 });
      });
      return;
    }
    const id: unknown = feature.properties?.id;
    const name: unknown = feature.properties?.name;
    if (typeof id === 'number' && typeof name === 'string') setSelected({ id, name, lat, lng });
  }, []);

  const flyToStation = useCallback((station: SelectedStation) => {
    setSelected(station);
    mapRef.current?.flyTo({
      center: [station.lng, station.lat],
      zoom: Math.max(STATION_ZOOM, mapRef.current.getZoom()),
      duration: 1200,
    });
  }, []);

  const flyToPosition = useCallback((lat: number, lng: number) => {
    mapRef.current?.flyTo({ center: [lng, lat], zoom: STATION_ZOOM, duration: 1200 });
  }, []);

  const handleIdle = useCallback(() => {
    const map = mapRef.current;
    if (!ready && stations && map?.isSourceLoaded(STATIONS_SOURCE_ID)) setReady(true);
  }, [ready, stations]);

  return (
    <Box
      data-testid="map"
      data-map-ready={ready ? 'true' : 'false'}
      aria-label={messages.map.label}
      role="region"
      sx={{ position: 'absolute', inset: 0 }}
    >
      <BaseMap
        ref={mapRef}
        initialViewState={{
          latitude: initialView.lat,
          longitude: initialView.lng,
          zoom: initialView.zoom,
        }}
        style={{ width: '100%', height: '100%' }}
        minZoom={3}
        maxZoom={18}
        interactiveLayerIds={INTERACTIVE_LAYERS}
        cursor={cursor}
        onMouseEnter={() => setCursor('pointer')}
        onMouseLeave={() => setCursor('')}
        onClick={handleClick}
        onMoveEnd={(event) => {
          const center = event.target.getCenter();
          saveView({ lat: center.lat, lng: center.lng, zoom: event.target.getZoom() });
        }}
        onIdle={handleIdle}
      >
        <Source
          id={STATIONS_SOURCE_ID}
          type="geojson"
          data={stations ?? EMPTY_COLLECTION}
          cluster
          clusterRadius={MAP_CLUSTER_RADIUS_PX}
          clusterMaxZoom={13}
        >
          <Layer {...clusterLayer} />
          <Layer {...clusterCountLayer} />
          <Layer {...stationPointLayer} />
          <Layer {...stationLabelLayer} />
        </Source>
        <NavigationControl position="top-right" showCompass={false} />
        <ScaleControl position="bottom-left" unit="metric" />
        {selected ? <StationPopup station={selected} onClose={() => setSelected(null)} /> : null}
      </BaseMap>
      <Paper
        elevation={3}
        sx={{
          position: 'absolute',
          top: 12,
          left: 12,
          right: { xs: 56, sm: 'auto' },
          width: { sm: 360 },
          p: 1,
        }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <StationSearchBox onSelect={flyToStation} />
          <LocateButton onLocate={flyToPosition} />
        </Stack>
      </Paper>
      <MapStatus
        loading={markers.isPending}
        failed={markers.isError}
        count={markers.data?.count ?? 0}
      />
    </Box>
  );
}
