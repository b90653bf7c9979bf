import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { RouterButton } from '../../../components/router-link';
import { canReport } from '../../../lib/report-target';
import type { OpenReport } from '../../../lib/report-target';
import { useQueuedTargets } from '../../../lib/action-queue/use-queued-actions';
import { useCreateComment } from '../api/create-comment';
import { useComments } from '../api/get-comments';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { PendingComments } from './pending-comments';

const text = messages.posts.comments;
export const COMMENTS_SECTION_ID = 'comments';

interface CommentsSectionProps {
  postId: string;
  postOwnerId: string;
  commentCount: number;
  /** The signed-in user's id; null for a visitor; undefined while the session loads. */
  viewerId: string | null | undefined;
  onError: (message: string) => void;
  /** 「報告する」 on others' comments (from the page, through the post). */
  onReport?: OpenReport | undefined;
}

/** The conversation under a post, oldest first, with 「もっと見る」 and the write form. */
export function CommentsSection({
  postId,
  postOwnerId,
  commentCount,
  viewerId,
  onError,
  onReport,
}: CommentsSectionProps) {
  const comments = useComments(postId);
  const waitingHere = useQueuedTargets('comment').some((target) => target.postId === postId);
  const create = useCreateComment(postId);
  const location = useLocation();
  const items = comments.data?.pages.flatMap((page) => page.items) ?? [];
  const headingId = `${COMMENTS_SECTION_ID}-heading`;
  // `#comments` (from a comment's page) and `#comment-{id}` point into this section: scroll
  // once the comments have arrived, when the page above has its final height.
  useScrollToHash(comments.isSuccess);

  return (
    <Box component="section" id={COMMENTS_SECTION_ID} aria-labelledby={headingId}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {text.heading(commentCount)}
      </Typography>
      {comments.isPending ? (
        <Box role="status" aria-busy="true" aria-label={messages.posts.loading} sx={{ py: 2 }}>
          <Skeleton variant="text" width="40%" />
          <Skeleton variant="text" width="90%" />
          <Skeleton variant="text" width="70%" />
        </Box>
      ) : comments.isError ? (
        <Alert
          severity="error"
          sx={{ my: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void comments.refetch()}>
              {text.retry}
            </Button>
          }
        >
          {text.loadFailed}
        </Alert>
      ) : items.length === 0 ? (
        // A comment waiting to be sent is listed below: the post is not without comments.
        waitingHere ? null : (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {text.empty}
          </Typography>
        )
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-labelledby={headingId}>
          {items.map((comment) => (
            <Box
              component="li"
              key={comment.id}
              sx={{ '& + &': { borderTop: 1, borderColor: 'divider' } }}
            >
              <CommentItem
                comment={comment}
                canEdit={viewerId === comment.user.id}
                canDelete={
                  viewerId !== null &&
                  viewerId !== undefined &&
                  (viewerId === comment.user.id || viewerId === postOwnerId)
                }
                onError={onError}
                onReport={
                  onReport && canReport(viewerId, comment.user.id)
                    ? () => onReport({ kind: 'comment', id: comment.id })
                    : undefined
                }
              />
            </Box>
          ))}
        </Box>
      )}
      <PendingComments postId={postId} />
      {comments.hasNextPage ? (
        <Box sx={{ textAlign: 'center', my: 1 }}>
          <Button
            variant="outlined"
            onClick={() => void comments.fetchNextPage()}
            disabled={comments.isFetchingNextPage}
          >
            {comments.isFetchingNextPage ? text.loadingMore : text.more}
          </Button>
        </Box>
      ) : null}
      <Box sx={{ mt: 2 }}>
        {viewerId ? (
          <CommentForm
            label={text.fieldLabel}
            submitLabel={text.submit}
            pendingLabel={text.submitting}
            onSubmit={(body) => create.mutateAsync(body)}
          />
        ) : viewerId === null ? (
          <Paper variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center' }}>
            <Typography sx={{ flex: 1 }}>{text.loginPrompt}</Typography>
            <RouterButton
              to={paths.login.href(`${location.pathname}${location.search}`)}
              variant="contained"
            >
              {text.login}
            </RouterButton>
          </Paper>
        ) : null}
      </Box>
    </Box>
  );
}
