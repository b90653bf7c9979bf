import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { RouterLink } from '../../../components/router-link';
import { ShareButton } from '../../../components/share/share-button';
import { formatJapanDate } from '../../../lib/japan-time';
import { usePrimaryLoading } from '../../../lib/page-loading';
import { useStampSummary } from '../api/get-stamp-summary';
import { useStampBook } from '../api/get-stamps';
import { CompletionMap } from './completion-map';
import { LineProgress } from './line-progress';
import { StampImage } from './stamp-image';

const text = messages.stamps;

/** The completion view: the overall count, the prefecture map and the per-line bars. */
function Completion({ userId }: { userId: string }) {
  const summary = useStampSummary(userId);
  usePrimaryLoading(summary.isPending);
  if (summary.isPending) return <CircularProgress aria-label={messages.loading} />;
  if (summary.isError || summary.data.hidden) return null;
  const data = summary.data;
  return (
    <Stack component="section" aria-labelledby="stamp-completion" spacing={2}>
      <Typography id="stamp-completion" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {text.completion.title}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography sx={{ fontWeight: 700 }} data-testid="stamp-overall">
          {text.completion.overall(data.stamped, data.total)}
        </Typography>
        <ShareButton
          label={messages.share.stampBook}
          title={text.book.title}
          text={messages.share.texts.stampBook(data.stamped)}
          path={paths.profileStamps.href(userId)}
        />
      </Stack>
      <CompletionMap prefectures={data.prefectures} />
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {text.completion.lines}
      </Typography>
      <LineProgress lines={data.lines} />
    </Stack>
  );
}

/** The stamps as a grid, newest first, each with its date printed over it. */
function StampGrid({ userId }: { userId: string }) {
  const book = useStampBook(userId);
  usePrimaryLoading(book.isPending);
  if (book.isPending) return <CircularProgress aria-label={messages.loading} />;
  if (book.isError)
    return (
      <Alert
        severity="error"
        action={<Button onClick={() => void book.refetch()}>{text.book.retry}</Button>}
      >
        {text.book.loadFailed}
      </Alert>
    );
  const first = book.data.pages[0];
  if (first?.hidden) return <Alert severity="info">{text.book.hiddenBlocked}</Alert>;
  const stamps = book.data.pages.flatMap((page) => page.items);
  if (stamps.length === 0) return <Typography color="text.secondary">{text.book.empty}</Typography>;
  return (
    <Stack spacing={2}>
      <Box
        component="ul"
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
          },
          gap: 2,
          p: 0,
          m: 0,
          listStyle: 'none',
        }}
      >
        {stamps.map((stamp) => (
          <Paper
            component="li"
            key={stamp.id}
            variant="outlined"
            sx={{ p: 1.5, textAlign: 'center' }}
          >
            <StampImage
              stationGroupId={stamp.station.id}
              name={stamp.station.name}
              collectedOn={stamp.collectedOn}
              size={128}
            />
            <RouterLink to={paths.station.href(stamp.station.id)} sx={{ fontWeight: 700 }}>
              {stamp.station.name}駅
            </RouterLink>
            <Typography variant="caption" color="text.secondary" component="p">
              {stamp.station.prefectureName}・{formatJapanDate(stamp.collectedOn)}
              {stamp.recordOnly ? `・${messages.stamps.recordOnly}` : null}
            </Typography>
          </Paper>
        ))}
      </Box>
      {book.hasNextPage && (
        <Button
          onClick={() => void book.fetchNextPage()}
          disabled={book.isFetchingNextPage}
          sx={{ alignSelf: 'center' }}
        >
          {text.book.more}
        </Button>
      )}
    </Stack>
  );
}

/** /profile/{userId}/stamps: the stamp book and how much of Japan it covers. */
export function StampBook({ userId }: { userId: string }) {
  return (
    <Stack spacing={4} sx={{ mt: 3 }}>
      <Stack component="section" aria-labelledby="stamp-book" spacing={2}>
        <Typography id="stamp-book" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {text.book.title}
        </Typography>
        <StampGrid userId={userId} />
      </Stack>
      <Completion userId={userId} />
    </Stack>
  );
}
