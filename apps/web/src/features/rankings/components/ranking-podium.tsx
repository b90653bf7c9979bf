import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CamelCased, RankingRow } from '@ekispot/shared';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { StandaloneLink } from '../../../components/router-link';
import { UserAvatar } from '../../../components/user-avatar';
import { formatCount } from '../../../lib/format-count';

type Row = CamelCased<RankingRow>;
const text = messages.rankings;
const MEDAL = ['#c9a227', '#9e9e9e', '#b0703c'];
/** Second, first, third from left to right, as podiums stand; the list order stays by rank. */
const ORDER = [1, 0, 2];
const HEIGHT = [96, 64, 48];

/** The top three on a podium. A list in rank order for assistive technology. */
export function RankingPodium({ rows, unit }: { rows: Row[]; unit: string }) {
  const top = rows.slice(0, 3);
  if (top.length === 0) return null;
  return (
    <Box component="section" aria-label={text.podium}>
      <Stack
        component="ol"
        direction="row"
        spacing={2}
        sx={{ justifyContent: 'center', alignItems: 'flex-end', p: 0, m: 0, listStyle: 'none' }}
      >
        {top.map((row, index) => (
          <Stack
            component="li"
            key={row.user.id}
            spacing={1}
            sx={{ alignItems: 'center', order: ORDER[index], width: { xs: 96, sm: 140 } }}
          >
            <EmojiEventsIcon aria-hidden="true" sx={{ color: MEDAL[Math.min(row.rank, 3) - 1] }} />
            <UserAvatar
              name={row.user.name}
              avatar={row.user.avatar}
              size={index === 0 ? 72 : 56}
            />
            <StandaloneLink
              to={paths.profile.href(row.user.id)}
              sx={{
                fontWeight: 700,
                textAlign: 'center',
                justifyContent: 'center',
                wordBreak: 'break-all',
              }}
            >
              {row.user.name}
            </StandaloneLink>
            <Typography variant="body2">
              {formatCount(row.score)}
              {unit}
            </Typography>
            <Paper
              variant="outlined"
              sx={{
                width: '100%',
                height: HEIGHT[index],
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'action.hover',
              }}
            >
              <Typography component="span" variant="h5" sx={{ fontWeight: 700 }}>
                {text.rankLabel(row.rank)}
              </Typography>
            </Paper>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
