import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterWrite } from '../../../lib/write-invalidation';

/** DELETE /lists/{listId}. */
export async function deleteList(listId: string) {
  await apiRequest(`/lists/${listId}`, { method: 'DELETE', schema: z.null() });
}

export function useDeleteList(listId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteList(listId),
    onSuccess: () => void refreshAfterWrite(queryClient, { kind: 'list-deleted', listId }),
  });
}
