import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { usePrimaryLoading } from '../lib/page-loading';
import { messages } from '../config/messages';

/** The parts of a cursor-paged query (TanStack `useInfiniteQuery`) a paged list reads. */
export interface PagedQuery<T> {
  data?: { pages: readonly { items: readonly T[] }[] };
  isPending: boolean;
  /** TanStack's: 'paused' while it waits for the network to come back. */
  fetchStatus?: string;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/** The texts of a paged list (each list names what it loads, in `config/messages/`). */
export interface PagedStateText {
  loading: string;
  loadFailed: string;
  retry: string;
  more: string;
  loadingMore: string;
}

/** How the two loading placeholders look: their height and the box that lays them out. */
export interface PagedPlaceholder {
  height: number;
  sx?: SxProps<Theme>;
}

/** Rows of members, stations or notifications: two 64 px rows, one under the other. */
const ROW_PLACEHOLDERS: PagedPlaceholder = { height: 64, sx: { display: 'grid', gap: 1.5 } };

/**
 * The one loading / error-with-retry / empty / load-more frame of every cursor-paged list:
 * two placeholders while the first page loads, the failure with 「再読み込み」, `empty` when
 * there is nothing (a string is shown as secondary text), otherwise `children(items)` and
 * 「もっと見る」 while there is a next page. With a `label` the items are a named region. While
 * the first page loads, the global loading bar shows too (timelines, profiles, members…).
 */
export function PagedQueryState<T>({
  query,
  text,
  empty,
  label,
  placeholder = ROW_PLACEHOLDERS,
  children,
}: {
  query: PagedQuery<T>;
  text: PagedStateText;
  empty: ReactNode;
  label?: string;
  placeholder?: PagedPlaceholder;
  children: (items: T[]) => ReactNode;
}) {
  usePrimaryLoading(query.isPending);
  if (query.isPending && query.fetchStatus === 'paused') {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" onClick={() => void query.refetch()}>
            {messages.offline.retry}
          </Button>
        }
      >
        {messages.offline.body}
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Box role="status" aria-busy="true" aria-label={text.loading} sx={placeholder.sx}>
        <Skeleton variant="rounded" height={placeholder.height} />
        <Skeleton variant="rounded" height={placeholder.height} />
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
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0)
    return typeof empty === 'string' ? (
      <Typography color="text.secondary">{empty}</Typography>
    ) : (
      empty
    );
  const content = (
    <>
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
    </>
  );
  return label === undefined ? content : <section aria-label={label}>{content}</section>;
}
