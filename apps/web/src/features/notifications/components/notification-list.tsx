import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import { useEffect, useRef, useState } from 'react';
import { PagedQueryState } from '../../../components/paged-query-state';
import { messages } from '../../../config/messages';
import { useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';
import { NotificationItem } from './notification-item';

const text = messages.notifications;
const CLOCK_MS = 60_000;

/**
 * /notifications: grouped notifications, newest first, with paging. What the page shows is
 * marked read on the server at once (the badge clears), while the page keeps its unread styling
 * until it is next opened, so the member still sees what was new.
 */
export function NotificationList({ notify }: { notify: (message: string) => void }) {
  const query = useNotifications();
  const markShown = useMarkRead({ refreshList: false });
  const markAll = useMarkRead({ refreshList: true });
  const marked = useRef(new Set<string>());
  const [now, setNow] = useState(() => Date.now());
  const groups = query.data?.pages.flatMap((page) => page.items) ?? [];

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);

  const unreadShown = groups
    .filter((group) => !group.read)
    .flatMap((group) => group.ids)
    .filter((id) => !marked.current.has(id));
  const unreadKey = unreadShown.join(',');
  const { mutate: markShownMutate } = markShown;
  useEffect(() => {
    if (unreadKey === '') return;
    const ids = unreadKey.split(',');
    for (const id of ids) marked.current.add(id);
    markShownMutate(ids);
  }, [unreadKey, markShownMutate]);

  return (
    <PagedQueryState
      query={query}
      text={text}
      empty={text.empty}
      placeholder={{ height: 64, sx: { display: 'grid', gap: 1 } }}
    >
      {(shown) => (
        <>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
            <Button
              variant="outlined"
              size="small"
              disabled={markAll.isPending}
              onClick={() =>
                markAll.mutate(undefined, {
                  onSuccess: () => notify(text.markAllReadDone),
                  onError: () => notify(text.markAllReadFailed),
                })
              }
            >
              {text.markAllRead}
            </Button>
          </Box>
          <List disablePadding aria-label={messages.nav.notifications}>
            {shown.map((group) => (
              <li key={group.id}>
                <NotificationItem group={group} now={now} />
              </li>
            ))}
          </List>
        </>
      )}
    </PagedQueryState>
  );
}
