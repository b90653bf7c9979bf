import { formatJapanDate } from '@ekispot/shared';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '../../../config/messages';
import { isApiError } from '../../../lib/api-error';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/account-security';

const text = messages.security;

/**
 * 「ログイン中の端末」: each signed-in device (device and browser as the server read them from
 * the User-Agent, first and last use as dates), 「この端末」 marked, with 「ログアウト」 for each
 * other one and 「ほかの端末をすべてログアウト」 (docs/accounts.md#sessions).
 */
export function SessionList({ notify }: { notify: (message: string) => void }) {
  const sessions = useSessions();
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const fail = (error: unknown) =>
    notify(isApiError(error) ? error.message : messages.form.unexpected);
  if (sessions.isError) return <Typography role="alert">{text.loadFailed}</Typography>;
  const items = sessions.data ?? [];
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {text.sessionsIntro}
      </Typography>
      <List disablePadding aria-busy={sessions.isPending}>
        {items.map((session) => {
          const device =
            [session.device, session.browser].filter(Boolean).join('・') || text.unknownDevice;
          return (
            <ListItem
              key={session.id}
              divider
              disableGutters
              secondaryAction={
                session.current ? (
                  <Chip label={text.thisDevice} color="primary" size="small" />
                ) : (
                  <Button
                    size="small"
                    sx={{ minHeight: 44 }}
                    aria-label={text.endSessionLabel(device)}
                    disabled={end.isPending}
                    onClick={() => end.mutate(session.id, { onSuccess: notify, onError: fail })}
                  >
                    {text.endSession}
                  </Button>
                )
              }
              sx={{ pr: 12 }}
            >
              <ListItemText
                primary={device}
                secondary={`${text.firstSeen(formatJapanDate(session.createdAt))} / ${text.lastSeen(
                  formatJapanDate(session.lastUsedAt),
                )}`}
              />
            </ListItem>
          );
        })}
      </List>
      {items.length > 1 ? (
        <Button
          variant="outlined"
          color="error"
          sx={{ alignSelf: 'flex-start', minHeight: 44 }}
          disabled={endOthers.isPending}
          onClick={() => endOthers.mutate(undefined, { onSuccess: notify, onError: fail })}
        >
          {text.endOthers}
        </Button>
      ) : null}
    </Stack>
  );
}
