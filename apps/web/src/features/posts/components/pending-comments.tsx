import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { messages } from '../../../config/messages';
import { useQueuedTargets } from '../../../lib/action-queue/use-queued-actions';

/**
 * Comments written offline on this post, waiting in the queue (docs/pwa.md#queued-actions):
 * shown under the conversation with a 送信待ち mark and the reason, until the queue has sent
 * them and they come back from the server as comments of their own.
 */
export function PendingComments({ postId }: { postId: string }) {
  const pending = useQueuedTargets('comment').filter((target) => target.postId === postId);
  return (
    <>
      <div role="status">
        {pending.length > 0 ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {messages.offline.queued}
          </Alert>
        ) : null}
      </div>
      {pending.length > 0 ? (
        <Box
          component="ul"
          aria-label={messages.actionQueue.pendingComments}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
        >
          {pending.map((comment, index) => (
            <Box
              component="li"
              key={index}
              data-testid="pending-comment"
              sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', opacity: 0.8 }}
            >
              <Chip size="small" label={messages.actionQueue.pending} sx={{ mb: 0.5 }} />
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {comment.body}
              </Typography>
            </Box>
          ))}
        </Box>
      ) : null}
    </>
  );
}
