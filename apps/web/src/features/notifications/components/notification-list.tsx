import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
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

  if (query.isPending) {
    return (
      <Stack role="status" aria-busy="true" aria-label={text.loading} spacing={1}>
        <Skeleton variant="rounded" height={64} />
        <Skeleton variant="rounded" height={64} />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {text.retry}
          </Button>
        }
      >
        {text.failed}
      </Alert>
    );
  }
  if (groups.length === 0) return <Typography color="text.secondary">{text.empty}</Typography>;
  return (
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
        {groups.map((group) => (
          <li key={group.id}>
            <NotificationItem group={group} now={now} />
          </li>
        ))}
      </List>
      {query.hasNextPage ? (
        <Box sx={{ textAlign: 'center', mt: 2 }}>
          <Button
            variant="outlined"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
            {query.isFetchingNextPage ? text.loadingMore : text.more}
          </Button>
        </Box>
      ) : null}
    </>
  );
}
