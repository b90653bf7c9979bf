import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterWrite } from '../../../lib/write-invalidation';

/** DELETE /lists/{listId}/items/{itemId}: the items after it move up. */
export async function removeListItem(listId: string, itemId: string) {
  await apiRequest(`/lists/${listId}/items/${itemId}`, { method: 'DELETE', schema: z.null() });
}

export function useRemoveListItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, itemId }: { listId: string; itemId: string }) =>
      removeListItem(listId, itemId),
    onSettled: (_data, _error, { listId }) =>
      refreshAfterWrite(queryClient, { kind: 'list-items-changed', listId }),
  });
}
