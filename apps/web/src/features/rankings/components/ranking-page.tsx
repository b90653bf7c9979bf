import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  IMPACT_FORMULA_TEXT,
  POSTS_FORMULA_TEXT,
  RANKING_PERIOD_LABELS,
  RANKING_PERIOD_TEXT,
  RANKING_PERIODS,
  type RankingBoard,
  type RankingPeriod,
} from '@ekispot/shared';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { RouterLink } from '../../../components/router-link';
import { formatJapanDate } from '../../../lib/japan-time';
import { usePrimaryLoading } from '../../../lib/page-loading';
import { useRanking } from '../api/get-ranking';
import { RankingPodium } from './ranking-podium';
import { RankingTable } from './ranking-table';

const text = messages.rankings;

const BOARDS: Record<
  RankingBoard,
  { title: string; short: string; formula: string; href: string; unit: string }
> = {
  impact: {
    ...text.impact,
    formula: IMPACT_FORMULA_TEXT,
    href: paths.rankingImpact.href(),
    unit: 'pt',
  },
  posts: { ...text.posts, formula: POSTS_FORMULA_TEXT, href: paths.rankingPost.href(), unit: '件' },
};

/** /rankings/impact and /rankings/post: board links, period tabs, the formula, podium and table. */
export function RankingPage({
  board,
  period,
  periodHref,
}: {
  board: RankingBoard;
  period: RankingPeriod;
  /** The address of this board for another period (the tabs are links). */
  periodHref: (period: RankingPeriod) => string;
}) {
  const ranking = useRanking(board, period);
  usePrimaryLoading(ranking.isPending);
  const info = BOARDS[board];
  const pages = ranking.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.items);
  const me = pages[0]?.me ?? null;
  const startsOn = pages[0]?.startsOn ?? null;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={3}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
          {info.title}
        </Typography>
        <Stack component="nav" aria-label={text.boards} direction="row" spacing={1}>
          {(Object.keys(BOARDS) as RankingBoard[]).map((key) => (
            <Button
              key={key}
              component={RouterLink}
              to={BOARDS[key].href}
              variant={key === board ? 'contained' : 'outlined'}
              aria-current={key === board ? 'page' : undefined}
              sx={{ borderRadius: 999 }}
            >
              {BOARDS[key].short}
            </Button>
          ))}
        </Stack>
        <Tabs value={period} aria-label={text.periods} variant="fullWidth">
          {RANKING_PERIODS.map((key) => (
            <Tab
              key={key}
              value={key}
              label={RANKING_PERIOD_LABELS[key]}
              component={RouterLink}
              to={periodHref(key)}
              aria-current={key === period ? 'page' : undefined}
            />
          ))}
        </Tabs>
        <Paper
          component="section"
          variant="outlined"
          aria-labelledby="ranking-formula"
          sx={{ p: 2 }}
        >
          <Typography
            id="ranking-formula"
            component="h2"
            variant="subtitle1"
            sx={{ fontWeight: 700 }}
          >
            {text.formula}
          </Typography>
          <Typography variant="body2">{info.formula}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {RANKING_PERIOD_TEXT}
          </Typography>
        </Paper>
        {ranking.isPending ? (
          <CircularProgress aria-label={messages.loading} sx={{ alignSelf: 'center' }} />
        ) : ranking.isError ? (
          <Alert
            severity="error"
            action={<Button onClick={() => void ranking.refetch()}>{text.retry}</Button>}
          >
            {text.loadFailed}
          </Alert>
        ) : rows.length === 0 ? (
          <Typography color="text.secondary">{text.empty}</Typography>
        ) : (
          <>
            <RankingPodium rows={rows} unit={info.unit} />
            <RankingTable
              caption={`${info.title}（${RANKING_PERIOD_LABELS[period]}${startsOn ? `・${text.since(formatJapanDate(startsOn))}` : ''}）`}
              rows={rows}
              me={me}
            />
            {ranking.hasNextPage && (
              <Button
                onClick={() => void ranking.fetchNextPage()}
                disabled={ranking.isFetchingNextPage}
                sx={{ alignSelf: 'center' }}
              >
                {text.more}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
