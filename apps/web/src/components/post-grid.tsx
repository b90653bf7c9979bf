import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { CamelCased, Post } from '@ekispot/shared';
import { messages } from '../config/messages';
import { PostCard } from './post-card';

const text = messages.postList;

const GRID_SX = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' },
} as const;

/** The parts of a cursor-paged posts query (TanStack `useInfiniteQuery`) the grid reads. */
export interface PostPagesQuery {
  data?: { pages: readonly { items: readonly CamelCased<Post>[] }[] };
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/**
 * A paged list of posts as cards, two columns from small screens up: placeholders while
 * loading, a retry on failure, `empty` when there are none, and 「もっと見る」 for the next page.
 */
export function PostGrid({
  query,
  empty,
  testId,
}: {
  query: PostPagesQuery;
  empty: string;
  testId?: string;
}) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  if (query.isPending) {
    return (
      <Box role="status" aria-busy="true" aria-label={text.loading} sx={GRID_SX}>
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={96} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {text.retry}
          </Button>
        }
      >
        {text.failed}
      </Alert>
    );
  }
  if (items.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <>
      <Box component="ul" data-testid={testId} sx={GRID_SX}>
        {items.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </Box>
      {query.hasNextPage ? (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? text.loadingMore : text.more}
          </Button>
        </Box>
      ) : null}
    </>
  );
}
