import { listSchema } from '@ekispot/shared';
import type { CamelCased, ListUpdateBody } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateListViews, setCachedList } from './query-keys';

/** PATCH /lists/{listId}. */
export async function updateList(listId: string, body: CamelCased<ListUpdateBody>) {
  const { data } = await apiRequest(`/lists/${listId}`, {
    method: 'PATCH',
    body,
    schema: listSchema,
  });
  return data;
}

export function useUpdateList(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CamelCased<ListUpdateBody>) => updateList(listId, body),
    onSuccess: (list) => {
      void invalidateListViews(queryClient, listId);
      setCachedList(queryClient, list);
    },
  });
}
