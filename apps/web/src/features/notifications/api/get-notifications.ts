import { notificationPageSchema } from '@ekispot/shared';
import type { CamelCased, NotificationGroup } from '@ekispot/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { MEMBER_ONLY_META } from '../../../lib/query-client';
import { notificationKeys } from './query-keys';

export type NotificationGroupView = CamelCased<NotificationGroup>;

export const NOTIFICATION_PAGE_SIZE = 20;

/** GET /notifications — grouped, newest first, one cursor page. */
export async function getNotifications(cursor: string | null, signal?: AbortSignal) {
  const { data } = await apiRequest('/notifications', {
    schema: notificationPageSchema,
    query: { cursor, limit: NOTIFICATION_PAGE_SIZE },
    signal,
  });
  return data;
}

export function notificationsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    meta: MEMBER_ONLY_META,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}
