import type { listCreateBodySchema } from '@ekispot/shared';
import { listSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';
import { refreshAfterWrite } from '../../../lib/write-invalidation';
import { setCachedList } from './query-keys';

/** POST /lists. */
export async function createList(body: RequestBody<typeof listCreateBodySchema>) {
  const { data } = await apiRequest('/lists', { method: 'POST', body, schema: listSchema });
  return data;
}

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createList,
    onSuccess: (list) => {
      setCachedList(queryClient, list);
      void refreshAfterWrite(queryClient, { kind: 'list-created', listId: list.id });
    },
  });
}
