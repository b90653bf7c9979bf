import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { CamelCased, List } from '@ekispot/shared';
import type { ReactNode } from 'react';
import { messages } from '../config/messages';
import { ListCard } from './list-card';

const text = messages.lists;

const GRID_SX = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
} as const;

/** The parts of a cursor-paged lists query (TanStack `useInfiniteQuery`) the grid reads. */
export interface ListPagesQuery {
  data?: { pages: readonly { items: readonly CamelCased<List>[] }[] };
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/**
 * A paged grid of list cards: placeholders while loading, a retry on failure, `empty` when
 * there are none, and 「もっと見る」 for the next page.
 */
export function ListGrid({
  query,
  empty,
  label,
}: {
  query: ListPagesQuery;
  empty: ReactNode;
  label: string;
}) {
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (query.isPending) {
    return (
      <Box role="status" aria-busy="true" aria-label={text.loading} sx={GRID_SX}>
        <Skeleton variant="rounded" height={200} />
        <Skeleton variant="rounded" height={200} />
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
      <Box component="ul" sx={GRID_SX}>
        {items.map((list) => (
          <li key={list.id}>
            <ListCard list={list} />
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
    </section>
  );
}
