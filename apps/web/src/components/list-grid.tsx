import Box from '@mui/material/Box';
import type { CamelCased, List } from '@ekispot/shared';
import type { ReactNode } from 'react';
import { messages } from '../config/messages';
import { ListCard } from './list-card';
import { PagedQueryState } from './paged-query-state';
import type { PagedQuery } from './paged-query-state';

const GRID_SX = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    sm: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
  },
} as const;

/** A paged grid of list cards, in the frame every paged list shares (PagedQueryState). */
export function ListGrid({
  query,
  empty,
  label,
}: {
  query: PagedQuery<CamelCased<List>>;
  empty: ReactNode;
  label: string;
}) {
  return (
    <PagedQueryState
      query={query}
      text={messages.lists}
      empty={empty}
      label={label}
      placeholder={{ height: 200, sx: GRID_SX }}
    >
      {(items) => (
        <Box component="ul" sx={GRID_SX}>
          {items.map((list) => (
            <li key={list.id}>
              <ListCard list={list} />
            </li>
          ))}
        </Box>
      )}
    </PagedQueryState>
  );
}
