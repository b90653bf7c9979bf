import { listSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { listKeys } from './query-keys';

/** GET /lists/{listId}: a private list is a 404 for anyone but its owner. */
export async function getList(listId: string, signal?: AbortSignal) {
  const { data } = await apiRequest(`/lists/${listId}`, { schema: listSchema, signal });
  return data;
}

export function listQueryOptions(listId: string) {
  return queryOptions({
    queryKey: listKeys.detail(listId),
    queryFn: ({ signal }) => getList(listId, signal),
    staleTime: 30_000,
  });
}

export function useList(listId: string) {
  return useQuery(listQueryOptions(listId));
}
