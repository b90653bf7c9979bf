import type { QueryClient } from '@tanstack/react-query';
import { notificationKeys } from '../../../lib/query-keys';

/** The notifications' query keys live with every key a write can change (lib/query-keys.ts). */
export { notificationKeys };

/** Something new arrived (the live stream): the list is refetched when next shown. */
export function invalidateNotificationList(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
}

/** The live count the stream (or a read call) reported. */
export function setUnreadCount(queryClient: QueryClient, unreadCount: number): void {
  queryClient.setQueryData(notificationKeys.unreadCount(), { unreadCount });
}
