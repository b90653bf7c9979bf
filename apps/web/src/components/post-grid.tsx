import Box from '@mui/material/Box';
import type { CamelCased, Post } from '@ekispot/shared';
import { messages } from '../config/messages';
import { PagedQueryState } from './paged-query-state';
import type { PagedQuery } from './paged-query-state';
import { PostCard } from './post-card';

const GRID_SX = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
} as const;

/**
 * A paged list of posts as cards, two columns from small screens up, in the frame every paged
 * list shares (PagedQueryState).
 */
export function PostGrid({
  query,
  empty,
  testId,
}: {
  query: PagedQuery<CamelCased<Post>>;
  empty: string;
  testId?: string;
}) {
  return (
    <PagedQueryState
      query={query}
      text={messages.postList}
      empty={empty}
      placeholder={{ height: 96, sx: GRID_SX }}
    >
      {(items) => (
        <Box component="ul" data-testid={testId} sx={GRID_SX}>
          {items.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
            </li>
          ))}
        </Box>
      )}
    </PagedQueryState>
  );
}
