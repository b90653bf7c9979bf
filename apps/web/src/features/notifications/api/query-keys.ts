import type { QueryClient } from '@tanstack/react-query';

/** Every query key of the notifications feature; no other place spells one. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

/** Something new arrived or was read elsewhere: the list is refetched when next shown. */
export function invalidateNotificationList(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
}

/** The live count the stream (or a read call) reported. */
export function setUnreadCount(queryClient: QueryClient, unreadCount: number): void {
  queryClient.setQueryData(notificationKeys.unreadCount(), { unreadCount });
}
