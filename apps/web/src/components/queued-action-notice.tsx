import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { messages } from '../config/messages';
import { dropAction, queuedActions, subscribeQueue } from '../lib/action-queue/page-queue';
import type { QueuedAction } from '../lib/action-queue/queued-action';
import { LazySnackbar } from './lazy-mui';

const text = messages.actionQueue;

/**
 * Tells the member, in Japanese, of an action made offline that the server refused when it was
 * sent (docs/pwa.md#queued-actions): the API's own message, one at a time. Closing it forgets
 * the action; its optimistic state has already gone back (app/action-queue-effects.ts).
 */
export function QueuedActionNotice() {
  const [refused, setRefused] = useState<QueuedAction | null>(null);

  useEffect(() => {
    const pick = () => setRefused(queuedActions().find((action) => action.refusal) ?? null);
    pick();
    return subscribeQueue(pick);
  }, []);

  const close = () => {
    if (refused) void dropAction(refused.key);
  };

  return (
    <LazySnackbar
      open={refused !== null}
      message={noticeOf(refused)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      action={
        <Button color="inherit" size="small" onClick={close} sx={{ minHeight: 44 }}>
          {text.close}
        </Button>
      }
    />
  );
}

/**
 * What the member is told: the server's own message. A check-in the server answers 409 was
 * already collected (by an earlier check-in): nothing failed, so its message stands alone.
 */
export function noticeOf(action: QueuedAction | null): string {
  const message = action?.refusal?.message || text.refusedFallback;
  if (action?.target.kind === 'stamp' && action.refusal?.status === 409) return message;
  return text.refused(message);
}
