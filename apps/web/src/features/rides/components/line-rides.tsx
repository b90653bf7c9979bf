import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Layer, Source } from 'react-map-gl/maplibre';
import { useNavigate } from 'react-router';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useLineRideSections, useLineStations } from '../api/rides';

const text = messages.rides;

/**
 * A line page's rides (docs/rides.md#line-pages): the member's ridden sections for the map and
 * the list, their share, and recording by tapping two stations of the list.
 */
export function useLineRides(lineId: number, signedIn: boolean) {
  const sections = useLineRideSections(lineId, signedIn);
  const line = useLineStations(lineId);
  const navigate = useNavigate();
  const [picking, setPicking] = useState(false);
  const [first, setFirst] = useState<number | null>(null);

  const pairs = useMemo(
    () =>
      (sections.data?.sections ?? []).flatMap((pair) =>
        pair.length === 2 ? [[pair[0]!, pair[1]!] as const] : [],
      ),
    [sections.data],
  );
  const overlay = useMemo(() => {
    const positions = new Map(
      (line.data?.stations ?? []).map((station) => [
        station.stationGroupId,
        [station.lng, station.lat] as [number, number],
      ]),
    );
    const features = pairs.flatMap(([a, b]) => {
      const from = positions.get(a);
      const to = positions.get(b);
      if (!from || !to) return [];
      return [
        {
          type: 'Feature' as const,
          properties: {},
          geometry: { type: 'LineString' as const, coordinates: [from, to] },
        },
      ];
    });
    return { type: 'FeatureCollection' as const, features };
  }, [line.data, pairs]);

  const pick = (stationGroupId: number) => {
    if (first === null) return setFirst(stationGroupId);
    if (first === stationGroupId) return setFirst(null);
    void navigate(paths.rideNew.href({ line: lineId, from: first, to: stationGroupId }));
  };
  const firstName = line.data?.stations.find((s) => s.stationGroupId === first)?.groupName;

  const panel = signedIn ? (
    <Box component="section" aria-label={text.lineRidden} sx={{ mb: 2 }}>
      {sections.data && sections.data.riddenSections > 0 ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{text.lineRidden}</Typography>
          <Typography>
            {`${text.share(sections.data.riddenM / Math.max(1, sections.data.totalM))}・${text.sections(sections.data.riddenSections, sections.data.totalSections)}`}
          </Typography>
          {sections.data.completedOn ? (
            <Chip color="success" size="small" label={text.completed(sections.data.completedOn)} />
          ) : null}
        </Box>
      ) : null}
      {picking ? (
        <Alert
          severity="info"
          action={
            <Button
              color="inherit"
              sx={{ minHeight: 44 }}
              onClick={() => {
                setPicking(false);
                setFirst(null);
              }}
            >
              {text.cancelPick}
            </Button>
          }
        >
          {firstName ? text.pickSecond(firstName) : text.pickFirst}
        </Alert>
      ) : (
        <Button variant="outlined" sx={{ minHeight: 44 }} onClick={() => setPicking(true)}>
          {text.recordOnLine}
        </Button>
      )}
    </Box>
  ) : null;

  const mapOverlay = (
    <Source id="line-ridden" type="geojson" data={overlay}>
      <Layer
        id="line-ridden-line"
        type="line"
        paint={{ 'line-color': '#e4007f', 'line-width': 6, 'line-opacity': 0.85 }}
        layout={{ 'line-cap': 'round' }}
      />
    </Source>
  );

  return {
    riddenSections: pairs,
    ridePanel: panel,
    mapOverlay,
    onPickStation: picking ? pick : null,
    pickedStation: first,
  };
}
