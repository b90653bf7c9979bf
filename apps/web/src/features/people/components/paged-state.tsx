import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { messages } from '../../../config/messages';

const text = messages.people;

/** The parts of a cursor-paged query (TanStack `useInfiniteQuery`) a list reads. */
export interface PagedQuery<T> {
  data?: { pages: readonly { items: readonly T[] }[] };
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/**
 * Loading placeholders, an error with a retry, the empty text, or the items with
 * 「もっと見る」 for the next page.
 */
export function PagedList<T>({
  query,
  empty,
  label,
  children,
}: {
  query: PagedQuery<T>;
  empty: ReactNode;
  label: string;
  children: (items: T[]) => ReactNode;
}) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) {
    return (
      <Stack spacing={1.5} role="status" aria-busy="true" aria-label={text.loading}>
        <Skeleton variant="rounded" height={64} />
        <Skeleton variant="rounded" height={64} />
      </Stack>
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
        {text.loadFailed}
      </Alert>
    );
  }
  if (items.length === 0)
    return typeof empty === 'string' ? (
      <Typography color="text.secondary">{empty}</Typography>
    ) : (
      empty
    );
  return (
    <section aria-label={label}>
      {children(items)}
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
    </section>
  );
}
