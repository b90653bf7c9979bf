import type { listItemCreateBodySchema } from '@ekispot/shared';
import { listItemSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';
import { refreshAfterWrite } from '../../../lib/write-invalidation';
import type { ListTarget } from './query-keys';

/** POST /lists/{listId}/items: a station group or a post, at the end (a second add is a 409). */
export async function addListItem(listId: string, target: ListTarget, note = '') {
  const { data } = await apiRequest(`/lists/${listId}/items`, {
    method: 'POST',
    body: { ...target, note } satisfies RequestBody<typeof listItemCreateBodySchema>,
    schema: listItemSchema,
  });
  return data;
}

export function useAddListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, target }: { listId: string; target: ListTarget }) =>
      addListItem(listId, target),
    onSettled: (_item, _error, { listId }) =>
      refreshAfterWrite(queryClient, { kind: 'list-items-changed', listId }),
  });
}
