import { unreadCountSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateNotificationList, setUnreadCount } from './query-keys';

/** POST /notifications/read — these ids, or every notification without ids. */
export async function markRead(ids?: readonly string[]) {
  const { data } = await apiRequest('/notifications/read', {
    method: 'POST',
    body: ids ? { ids } : {},
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
    mutationFn: (ids?: readonly string[]) => markRead(ids),
    onSuccess: (data) => {
      setUnreadCount(queryClient, data.unreadCount);
      if (refreshList) invalidateNotificationList(queryClient);
    },
  });
}
