import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { messages } from '../../../config/messages';
import { LineChip } from './line-chip';

/** Lines shown before 「ほか N 路線」: a big station (東京, 14 lines) keeps its actions in view. */
export const STATION_LINES_SHOWN = 6;

/**
 * 路線 on a station page: each line a link to its page (/line/:lineId), Shinkansen first. A
 * station of many lines shows the first few and a button for the rest (the rest are in the
 * markup, hidden). Sits in the page's
 * description list, so it is a <dt>/<dd> pair.
 */
export function StationLines({ lines }: { lines: { id: number; name: string }[] }) {
  const [all, setAll] = useState(false);
  const hidden = all ? 0 : Math.max(0, lines.length - STATION_LINES_SHOWN);
  return (
    <>
      <dt>{messages.station.lines}</dt>
      <dd>
        <Box
          component="ul"
          id="station-lines"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, mt: 0.5, listStyle: 'none' }}
        >
          {/* Every line is in the page (a server-rendered page names them all to a crawler);
              the folded ones are hidden until asked for. */}
          {lines.map((line, index) => (
            <li key={line.id} hidden={!all && index >= STATION_LINES_SHOWN}>
              <LineChip line={line} />
            </li>
          ))}
          {hidden > 0 ? (
            <li>
              <Button
                onClick={() => setAll(true)}
                aria-controls="station-lines"
                aria-expanded={false}
                sx={{ minHeight: 44, borderRadius: 22 }}
              >
                {messages.station.moreLines(hidden)}
              </Button>
            </li>
          ) : null}
        </Box>
      </dd>
    </>
  );
}
