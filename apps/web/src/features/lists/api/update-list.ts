import type { listUpdateBodySchema } from '@ekispot/shared';
import { listSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';

type ListChanges = RequestBody<typeof listUpdateBodySchema>;
import { refreshAfterWrite } from '../../../lib/write-invalidation';
import { setCachedList } from './query-keys';

/** PATCH /lists/{listId}. */
export async function updateList(listId: string, body: ListChanges) {
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
    mutationFn: (body: ListChanges) => updateList(listId, body),
    onSuccess: (list) => {
      void refreshAfterWrite(queryClient, { kind: 'list-edited', listId });
      setCachedList(queryClient, list);
    },
  });
}
