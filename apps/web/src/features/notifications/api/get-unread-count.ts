import { unreadCountSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { MEMBER_ONLY_META } from '../../../lib/query-client';
import { notificationKeys } from './query-keys';

/** GET /notifications/unread-count. */
export async function getUnreadCount(signal?: AbortSignal) {
  const { data } = await apiRequest('/notifications/unread-count', {
    schema: unreadCountSchema,
    signal,
  });
  return data;
}

/** Read once; the live stream keeps it current after that (use-notification-stream.ts). */
export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.unreadCount(),
    meta: MEMBER_ONLY_META,
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: Infinity,
  });
}

export function useUnreadCount(enabled: boolean): number {
  const query = useQuery({ ...unreadCountQueryOptions(), enabled });
  return enabled ? (query.data?.unreadCount ?? 0) : 0;
}
