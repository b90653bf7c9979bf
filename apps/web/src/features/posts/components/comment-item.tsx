import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { StandaloneLink } from '../../../components/router-link';
import { formatJapanDateTime } from '../../../lib/japan-time';
import type { CommentView } from '../api/get-comments';
import { useDeleteComment } from '../api/delete-comment';
import { useUpdateComment } from '../api/update-comment';
import { CommentForm } from './comment-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { HiddenByModeratorsNotice } from '../../../components/hidden-by-moderators';
import { OverflowMenu } from '../../../components/overflow-menu';
import { LinkifiedText } from './linkified-text';
import { UserChip } from './user-chip';

const text = messages.posts.comments;

interface CommentItemProps {
  comment: CommentView;
  /** The author may edit and delete. */
  canEdit: boolean;
  /** The author or the post's owner may delete. */
  canDelete: boolean;
  highlighted?: boolean;
  onError: (message: string) => void;
  onDeleted?: () => void;
  /** 「報告する」 in the comment's menu; absent on one's own comment and for visitors. */
  onReport?: (() => void) | undefined;
}

/** One comment: author, time (a link to the comment's own page), text, and its actions. */
export function CommentItem({
  comment,
  canEdit,
  canDelete,
  highlighted = false,
  onError,
  onDeleted,
  onReport,
}: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateComment(comment.postId);
  const remove = useDeleteComment(comment.postId);
  const edited = comment.updatedAt !== comment.createdAt;

  const meta = (
    <StandaloneLink
      to={paths.comment.href(comment.postId, comment.id)}
      color="inherit"
      underline="hover"
      aria-label={`${formatJapanDateTime(comment.createdAt)} ${text.permalink}`}
    >
      <time dateTime={comment.createdAt}>{formatJapanDateTime(comment.createdAt)}</time>
      {edited ? messages.posts.edited : null}
    </StandaloneLink>
  );

  return (
    <Box
      component="article"
      id={`comment-${comment.id}`}
      data-testid="comment"
      aria-current={highlighted ? 'true' : undefined}
      sx={{
        py: 2,
        px: highlighted ? 2 : 0,
        borderRadius: 1,
        bgcolor: highlighted ? 'rgba(27, 94, 32, 0.08)' : undefined,
        borderLeft: highlighted ? 4 : 0,
        borderColor: 'primary.main',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <UserChip user={comment.user} size={32} meta={meta} />
        </Box>
        <OverflowMenu
          label={text.menu(comment.user.name)}
          items={
            onReport
              ? [{ label: messages.reports.menuItem, opensDialog: true, onSelect: onReport }]
              : []
          }
        />
      </Box>
      <Box sx={{ mt: 1, pl: { sm: 5.5 } }}>
        {comment.hidden ? <HiddenByModeratorsNotice kind="comment" sx={{ mb: 1 }} /> : null}
        {editing ? (
          <CommentForm
            initialBody={comment.body}
            label={text.editLabel}
            submitLabel={text.save}
            pendingLabel={text.saving}
            autoFocus
            onCancel={() => setEditing(false)}
            onSubmit={async (body) => {
              await update.mutateAsync({ commentId: comment.id, body });
              setEditing(false);
            }}
          />
        ) : (
          <LinkifiedText text={comment.body} />
        )}
        {!editing && (canEdit || canDelete) ? (
          <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 0.5 }}
            role="group"
            aria-label={text.actions(comment.user.name)}
          >
            {canEdit ? (
              <Button size="small" onClick={() => setEditing(true)}>
                {text.edit}
              </Button>
            ) : null}
            {canDelete ? (
              <Button size="small" color="error" onClick={() => setConfirming(true)}>
                {text.delete}
              </Button>
            ) : null}
          </Stack>
        ) : null}
      </Box>
      <ConfirmDialog
        open={confirming}
        title={text.deleteTitle}
        body={text.deleteBody}
        confirmLabel={text.delete}
        busyLabel={text.deleting}
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(comment.id, {
            onSuccess: () => {
              setConfirming(false);
              onDeleted?.();
            },
            onError: (error) => {
              setConfirming(false);
              onError(error.message || text.deleteFailed);
            },
          })
        }
      />
    </Box>
  );
}
