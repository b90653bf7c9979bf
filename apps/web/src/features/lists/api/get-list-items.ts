import { listItemsSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { listKeys } from './query-keys';

/** GET /lists/{listId}/items: every item in order (a list holds at most 500). */
export async function getListItems(listId: string, signal?: AbortSignal) {
  const { data } = await apiRequest(`/lists/${listId}/items`, { schema: listItemsSchema, signal });
  return data.items;
}

export type ListItemView = Awaited<ReturnType<typeof getListItems>>[number];

export function listItemsQueryOptions(listId: string) {
  return queryOptions({
    queryKey: listKeys.items(listId),
    queryFn: ({ signal }) => getListItems(listId, signal),
    staleTime: 30_000,
  });
}

export function useListItems(listId: string) {
  return useQuery(listItemsQueryOptions(listId));
}
