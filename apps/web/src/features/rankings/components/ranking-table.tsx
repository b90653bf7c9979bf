import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CamelCased, RankingRow } from '@ekispot/shared';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { StandaloneLink } from '../../../components/router-link';
import { UserAvatar } from '../../../components/user-avatar';
import { formatCount } from '../../../lib/format-count';

type Row = CamelCased<RankingRow>;
const text = messages.rankings;

function changeColour(change: number | null) {
  if (change === null || change === 0) return 'text.secondary';
  return change > 0 ? 'success.dark' : 'error.dark';
}

function RankingTableRow({ row, mine }: { row: Row; mine: boolean }) {
  return (
    <TableRow selected={mine} aria-current={mine ? 'true' : undefined}>
      <TableCell component="th" scope="row" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
        {text.rankLabel(row.rank)}
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <UserAvatar name={row.user.name} avatar={row.user.avatar} size={32} />
          <StandaloneLink to={paths.profile.href(row.user.id)}>{row.user.name}</StandaloneLink>
          {mine && (
            <Typography variant="caption" color="primary">
              （{text.you}）
            </Typography>
          )}
        </Stack>
      </TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatCount(row.score)}
      </TableCell>
      <TableCell align="right" sx={{ color: changeColour(row.change) }}>
        {text.changeLabel(row.change)}
      </TableCell>
    </TableRow>
  );
}

/** The ranking as a table; the member's own row is pinned at the bottom when not on the page. */
export function RankingTable({
  caption,
  rows,
  me,
}: {
  caption: string;
  rows: Row[];
  me: Row | null;
}) {
  const pinned = me && !rows.some((row) => row.user.id === me.user.id) ? me : null;
  return (
    // Narrower cell padding on a phone: four columns and an avatar fit in 320 px.
    <Table size="small" sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
      <caption>{caption}</caption>
      {/* Short headings, never broken inside a word (「順 位」) on a narrow phone. */}
      <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
        <TableRow>
          <TableCell component="th" scope="col">
            {text.rank}
          </TableCell>
          <TableCell component="th" scope="col">
            {text.member}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            {text.score}
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            {text.change}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <RankingTableRow key={row.user.id} row={row} mine={row.user.id === me?.user.id} />
        ))}
      </TableBody>
      {pinned && (
        <TableBody aria-label={text.yourRow} sx={{ borderTop: 3, borderColor: 'divider' }}>
          <RankingTableRow row={pinned} mine />
        </TableBody>
      )}
    </Table>
  );
}
