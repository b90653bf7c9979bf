import type { listItemUpdateBodySchema } from '@ekispot/shared';
import { listItemSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';
import { refreshAfterWrite } from '../../../lib/write-invalidation';

/** PATCH /lists/{listId}/items/{itemId}: the item's note. */
export async function updateListItem(listId: string, itemId: string, note: string) {
  const { data } = await apiRequest(`/lists/${listId}/items/${itemId}`, {
    method: 'PATCH',
    body: { note } satisfies RequestBody<typeof listItemUpdateBodySchema>,
    schema: listItemSchema,
  });
  return data;
}

export function useUpdateListItem(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, note }: { itemId: string; note: string }) =>
      updateListItem(listId, itemId, note),
    onSuccess: () => void refreshAfterWrite(queryClient, { kind: 'list-items-changed', listId }),
  });
}
