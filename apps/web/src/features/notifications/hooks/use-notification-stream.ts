import { notificationEventSchema, unreadCountSchema } from '@ekispot/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEventSource } from '../../../hooks/use-event-source';
import { announceLive } from '../../../lib/live-events';
import { invalidateNotificationList, setUnreadCount } from '../api/query-keys';

/**
 * Keeps the unread count and the notification list live while a member is signed in, over
 * the server's event stream (GET /notifications/stream). The browser reconnects by itself and
 * sends Last-Event-ID, so nothing is lost across a dropped connection (docs/notifications.md).
 */
export function useNotificationStream(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEventSource(enabled ? '/notifications/stream' : null, {
    unread: (data) => {
      try {
        const parsed = unreadCountSchema.safeParse(JSON.parse(data));
        if (parsed.success) setUnreadCount(queryClient, parsed.data.unread_count);
      } catch {
        // A malformed event is ignored; the next one carries the count again.
      }
    },
    notification: (data) => {
      invalidateNotificationList(queryClient);
      try {
        const parsed = notificationEventSchema.safeParse(JSON.parse(data));
        if (parsed.success) announceLive({ notificationType: parsed.data.type });
      } catch {
        // Only the announcement is lost; the list refreshes all the same.
      }
    },
  });
}
