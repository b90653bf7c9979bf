import type { listOrderBodySchema } from '@ekispot/shared';
import { listItemsSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';
import type { ListItemView } from './get-list-items';
import { refreshAfterWrite } from '../../../lib/write-invalidation';
import { listKeys } from './query-keys';

/** PUT /lists/{listId}/items/order: the whole new order (exactly the list's items). */
export async function reorderListItems(listId: string, itemIds: string[]) {
  const { data } = await apiRequest(`/lists/${listId}/items/order`, {
    method: 'PUT',
    body: { itemIds } satisfies RequestBody<typeof listOrderBodySchema>,
    schema: listItemsSchema,
  });
  return data.items;
}

/**
 * Shows the new order at once; the server's answer replaces it, and a refusal (an item added
 * or removed elsewhere meanwhile) brings back the server's order.
 */
export function useReorderListItems(listId: string) {
  const queryClient = useQueryClient();
  const key = listKeys.items(listId);
  return useMutation({
    mutationFn: (items: ListItemView[]) =>
      reorderListItems(
        listId,
        items.map((item) => item.id),
      ),
    onMutate: async (items) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, items);
    },
    onSuccess: (items) => queryClient.setQueryData(key, items),
    // Sent or refused, the items (the server's order) and the views of the list are read again.
    onSettled: () => refreshAfterWrite(queryClient, { kind: 'list-items-changed', listId }),
  });
}
