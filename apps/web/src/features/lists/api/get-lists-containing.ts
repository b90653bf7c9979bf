import { listContainingSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { MEMBER_ONLY_META } from '../../../lib/query-client';
import { listKeys, type ListTarget } from './query-keys';

/** GET /lists/containing: the member's lists, each with the item holding the target or null. */
export async function getListsContaining(target: ListTarget, signal?: AbortSignal) {
  const { data } = await apiRequest('/lists/containing', {
    schema: listContainingSchema,
    query: { ...target },
    signal,
  });
  return data.items;
}

export type ContainingList = Awaited<ReturnType<typeof getListsContaining>>[number];

export function listsContainingQueryOptions(target: ListTarget) {
  return queryOptions({
    queryKey: listKeys.containingTarget(target),
    queryFn: ({ signal }) => getListsContaining(target, signal),
    meta: MEMBER_ONLY_META,
  });
}

/** Read only while the menu is open. */
export function useListsContaining(target: ListTarget, enabled: boolean) {
  return useQuery({ ...listsContainingQueryOptions(target), enabled });
}
