import type { notificationReadBodySchema } from '@ekispot/shared';
import { unreadCountSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { RequestBody } from '../../../lib/api-client';
import { refreshAfterWrite } from '../../../lib/write-invalidation';

type ReadIds = RequestBody<typeof notificationReadBodySchema>['ids'];
import { setUnreadCount } from './query-keys';

/** POST /notifications/read — these ids, or every notification without ids. */
export async function markRead(ids?: ReadIds) {
  const { data } = await apiRequest('/notifications/read', {
    method: 'POST',
    body: (ids ? { ids } : {}) satisfies RequestBody<typeof notificationReadBodySchema>,
    schema: unreadCountSchema,
  });
  return data;
}

/**
 * `refreshList: false` for what the open page marks itself: the page keeps showing those as
 * new until it is next opened; the badge clears at once either way.
 */
export function useMarkRead({ refreshList }: { refreshList: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: ReadIds) => markRead(ids),
    onSuccess: (data) => {
      setUnreadCount(queryClient, data.unreadCount);
      void refreshAfterWrite(queryClient, { kind: 'notifications-read', byOpenPage: !refreshList });
    },
  });
}
