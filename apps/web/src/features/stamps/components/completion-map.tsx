import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CamelCased, StampSummary } from '@ekispot/shared';
import { messages } from '../../../config/messages';
import { TOUCH_SCREEN } from '../../../lib/theme';
import { usePrefectureShapes } from '../api/get-prefecture-shapes';
import { MAP_HEIGHT, MAP_WIDTH, okinawaInset } from '../utils/prefecture-paths';

type Prefectures = CamelCased<StampSummary>['prefectures'];

const text = messages.stamps.completion;

/** Share classes of the map, lightest first; 0 stays blank so a first stamp shows at once. */
export const SHARE_CLASSES = [
  { min: 0, label: text.legendNone, fill: '#f3f3f3' },
  { min: 0.000001, label: '〜5%', fill: '#fde0dc' },
  { min: 0.05, label: '5〜20%', fill: '#f8a89c' },
  { min: 0.2, label: '20〜50%', fill: '#e8604c' },
  { min: 0.5, label: '50%〜', fill: '#b3261e' },
] as const;

export function shareOf(stamped: number, total: number): number {
  return total > 0 ? stamped / total : 0;
}

function fillOf(share: number): string {
  let fill: string = SHARE_CLASSES[0].fill;
  for (const entry of SHARE_CLASSES) if (share >= entry.min) fill = entry.fill;
  return fill;
}

/**
 * Japan's prefectures filled by the share of their stations stamped, with a legend and the same
 * numbers as a table for screen readers and anyone who prefers one.
 */
export function CompletionMap({ prefectures }: { prefectures: Prefectures }) {
  const shapes = usePrefectureShapes();
  const byCode = new Map(prefectures.map((prefecture) => [prefecture.id, prefecture]));
  const stampedTotal = prefectures.reduce((sum, prefecture) => sum + prefecture.stamped, 0);
  const withStamps = prefectures.filter((prefecture) => prefecture.stamped > 0).length;
  const inset = okinawaInset();

  return (
    <Stack spacing={1.5}>
      {shapes.data ? (
        <Box
          component="svg"
          viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
          role="img"
          aria-label={text.mapLabel(stampedTotal, withStamps)}
          sx={{ width: '100%', maxWidth: 480, height: 'auto', display: 'block' }}
        >
          <rect
            x={inset.x}
            y={inset.y}
            width={inset.width}
            height={inset.height}
            fill="none"
            stroke="#999"
            strokeDasharray="4 3"
          />
          {shapes.data.map((shape) => {
            const prefecture = byCode.get(shape.code);
            const share = prefecture ? shareOf(prefecture.stamped, prefecture.total) : 0;
            return (
              <path
                key={shape.code}
                d={shape.d}
                fill={fillOf(share)}
                stroke="#777"
                strokeWidth={0.4}
                data-prefecture={shape.code}
                data-share={share.toFixed(4)}
              >
                <title>
                  {`${shape.name} ${prefecture?.stamped ?? 0}/${prefecture?.total ?? 0}（${text.percent(share * 100)}）`}
                </title>
              </path>
            );
          })}
        </Box>
      ) : (
        <Skeleton
          variant="rectangular"
          sx={{ width: '100%', maxWidth: 480, aspectRatio: `${MAP_WIDTH} / ${MAP_HEIGHT}` }}
        />
      )}
      <Box component="figure" sx={{ m: 0 }}>
        <Typography component="figcaption" variant="caption" color="text.secondary">
          {text.legend}
        </Typography>
        <Stack
          component="ul"
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 1.5, p: 0, m: 0, listStyle: 'none' }}
        >
          {SHARE_CLASSES.map((entry) => (
            <Stack
              component="li"
              key={entry.label}
              direction="row"
              spacing={0.5}
              sx={{ alignItems: 'center' }}
            >
              <Box
                aria-hidden="true"
                sx={{ width: 14, height: 14, bgcolor: entry.fill, border: '1px solid #777' }}
              />
              <Typography variant="caption">{entry.label}</Typography>
            </Stack>
          ))}
        </Stack>
      </Box>
      <Box component="details">
        <Box component="summary" sx={{ cursor: 'pointer', py: 0.5, [TOUCH_SCREEN]: { py: 1.25 } }}>
          {text.showTable}
        </Box>
        <Table size="small">
          <caption>{text.tableCaption}</caption>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {text.prefecture}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {text.stamped}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {text.total}
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                {text.share}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {prefectures.map((prefecture) => (
              <TableRow key={prefecture.id}>
                <TableCell component="th" scope="row">
                  {prefecture.name}
                </TableCell>
                <TableCell align="right">{prefecture.stamped}</TableCell>
                <TableCell align="right">{prefecture.total}</TableCell>
                <TableCell align="right">
                  {text.percent(shareOf(prefecture.stamped, prefecture.total) * 100)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Stack>
  );
}
