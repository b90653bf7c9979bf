import { sketchPlaces } from '@ekispot/shared';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { messages } from '../../../config/messages';
import { MAP_COLORS } from '../../../lib/map/basemap-style';

const text = messages.lists.detail;

/**
 * The sketch's drawing area, in its own units: the box is 280 px tall on a phone, less the
 * button's row under the sketch.
 */
const VIEW = { width: 400, height: 220 };
const PANEL = { x: 0, y: 0, ...VIEW, pad: 28 };
const GRID_LINE = 'rgba(158, 154, 138, 0.18)';
/** Past this many places the numbers would overlap: plain dots. */
const MAX_NUMBERED = 30;

/**
 * A list's places as a sketch: numbered points joined in the list's order on a plain panel,
 * with no map under them (as on the list's share card). Decorative: the list beside it carries
 * the same numbers and names.
 */
function ListMapSketch({ places }: { places: readonly { lat: number; lng: number }[] }) {
  const points = sketchPlaces(places, PANEL);
  const numbered = points.length <= MAX_NUMBERED;
  const radius = numbered ? 13 : 6;
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${VIEW.width} ${VIEW.height}`}
      preserveAspectRatio="xMidYMid meet"
      aria-hidden="true"
      sx={{ flex: 1, minHeight: 0, width: '100%', display: 'block' }}
    >
      {points.length > 1 ? (
        <polyline
          points={points.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')}
          fill="none"
          stroke={MAP_COLORS.station}
          strokeOpacity={0.5}
          strokeWidth={3}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      ) : null}
      {/* The first place last, so it is on top where places meet. */}
      {[...points.entries()].reverse().map(([index, p]) => (
        <g key={index}>
          <circle
            cx={p.x}
            cy={p.y}
            r={radius}
            fill={MAP_COLORS.station}
            stroke="#fff"
            strokeWidth={2}
          />
          {numbered ? (
            <text
              x={p.x}
              y={p.y + 4.5}
              textAnchor="middle"
              fontSize={13}
              fontWeight={700}
              fill="#fff"
            >
              {index + 1}
            </text>
          ) : null}
        </g>
      ))}
    </Box>
  );
}

/**
 * The list's map on a phone starts when asked for (docs/lists.md#the-map-on-a-phone): until
 * then a sketch of the places and a button. MapLibre is a large download and seconds of a
 * phone's processor; someone who came for the list reads it first. From a tablet's width the
 * map opens at once, as before. Both the server and the first browser render draw the sketch.
 */
export function ListMapOnRequest({
  places,
  children,
}: {
  places: readonly { lat: number; lng: number }[];
  /** The map itself. */
  children: ReactNode;
}) {
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const [asked, setAsked] = useState(false);
  if (wide || asked) return children;
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        bgcolor: MAP_COLORS.land,
        // A faint grid, so the panel reads as a sketch of a map rather than an empty box.
        backgroundImage: `linear-gradient(to right, ${GRID_LINE} 1px, transparent 1px), linear-gradient(to bottom, ${GRID_LINE} 1px, transparent 1px)`,
        backgroundSize: '28px 28px',
      }}
    >
      <ListMapSketch places={places} />
      {/* Its own row under the sketch, so it never covers a place. */}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1.5, pt: 0 }}>
        <Button
          variant="contained"
          startIcon={<MapOutlinedIcon />}
          onClick={() => setAsked(true)}
          sx={{ minHeight: 44 }}
        >
          {text.openMap}
        </Button>
      </Box>
    </Box>
  );
}
