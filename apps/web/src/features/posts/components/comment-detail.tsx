import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { RouterButton, StandaloneLink } from '../../../components/router-link';
import { usePrimaryLoading } from '../../../lib/page-loading';
import { useComment } from '../api/get-comment';
import { postKeys } from '../api/query-keys';
import { usePost } from '../api/get-post';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useNotice } from '../../../hooks/use-notice';
import { CommentItem } from './comment-item';
import { COMMENTS_SECTION_ID } from './comments-section';
import { PostCard } from '../../../components/post-card';
import { postDisplayTitle } from './post-detail';
import { BackLink } from '../../../components/back-link';
import { canReport } from '../../../lib/report-target';
import type { OpenReport } from '../../../lib/report-target';

const text = messages.posts.commentDetail;

interface CommentDetailProps {
  postId: string;
  commentId: string;
  /** The signed-in user's id; null for a visitor; undefined while the session loads. */
  viewerId: string | null | undefined;
  /** 「報告する」 on someone else's comment (the page supplies the reports feature's dialog). */
  onReport?: OpenReport;
}

/** /post/:postId/comment/:commentId — one comment, highlighted, under a summary of its post. */
export function CommentDetail({ postId, commentId, viewerId, onReport }: CommentDetailProps) {
  const post = usePost(postId);
  const comment = useComment(postId, commentId);
  usePrimaryLoading(post.isPending || comment.isPending);
  const notice = useNotice();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const allCommentsHref = `${paths.post.href(postId)}#${COMMENTS_SECTION_ID}`;
  useDocumentTitle(post.data ? `${postDisplayTitle(post.data)}へのコメント` : null);

  // A missing post or comment (404) shows the error page through the route's boundary.
  if (post.isError) throw post.error;
  if (comment.isError) throw comment.error;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <BackLink fallback={paths.post.href(postId)} />
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 3 }}>
        {text.heading}
      </Typography>
      <Box component="section" aria-label={text.onPost} sx={{ mb: 3 }}>
        {post.data ? (
          <PostCard post={post.data} />
        ) : (
          <Skeleton variant="rounded" height={88} aria-label={messages.posts.loading} />
        )}
      </Box>
      <Box>
        {comment.data && post.data ? (
          <CommentItem
            comment={comment.data}
            highlighted
            canEdit={viewerId === comment.data.user.id}
            canDelete={
              viewerId !== null &&
              viewerId !== undefined &&
              (viewerId === comment.data.user.id || viewerId === post.data.user.id)
            }
            onError={notice.show}
            onReport={
              onReport && canReport(viewerId, comment.data.user.id)
                ? () => onReport({ kind: 'comment', id: commentId })
                : undefined
            }
            onDeleted={() => {
              void Promise.resolve(navigate(allCommentsHref, { replace: true })).then(() =>
                queryClient.removeQueries({ queryKey: postKeys.comment(postId, commentId) }),
              );
            }}
          />
        ) : (
          <Box sx={{ py: 2 }} role="status" aria-busy="true" aria-label={messages.posts.loading}>
            <Skeleton variant="text" width="40%" />
            <Skeleton variant="text" width="90%" />
          </Box>
        )}
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 3, alignItems: 'center', flexWrap: 'wrap' }}>
        <RouterButton to={allCommentsHref} variant="contained">
          {text.allComments}
        </RouterButton>
        <StandaloneLink to={paths.post.href(postId)}>{text.toPost}</StandaloneLink>
      </Stack>
      {notice.element}
    </Container>
  );
}
