import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { moderationSentence, postDisplayTitle } from '@ekispot/shared';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import type { NotificationGroupView } from '../api/get-notifications';
import { formatRelativeTime } from '../utils/relative-time';

const text = messages.notifications;

type ModerationNotice = NonNullable<NotificationGroupView['moderation']>;

/** The notice's text, as the mail says it (packages/shared/src/notifications.ts). */
export function moderationNoticeText(notice: ModerationNotice | undefined): string {
  if (!notice) return messages.moderated.fallback;
  const sentence = moderationSentence({
    action: notice.action,
    role: notice.role,
    target_kind: notice.targetKind,
    reason: notice.reason,
    suspended_until: notice.suspendedUntil,
  });
  return sentence || messages.moderated.fallback;
}

/**
 * Where a notice leads: the post or comment while its reader can still see it (not once it is
 * removed, nor to a reporter once it is hidden); a member or a list has no link.
 */
export function moderationNoticeHref(group: NotificationGroupView): string | null {
  const post = group.target.post;
  const notice = group.moderation;
  if (!post || !notice) return null;
  if (notice.action === 'remove' || notice.action === 'suspend') return null;
  if (notice.role === 'reporter' && notice.action === 'hide') return null;
  return group.target.commentId
    ? paths.comment.href(post.id, group.target.commentId)
    : paths.post.href(post.id);
}

/**
 * A moderators' decision told to a reporter or to the author (docs/moderation.md): sent by
 * 「運営チーム」 with a neutral sign, never by a person (the group's actor is the reader).
 */
export function ModerationNoticeItem({
  group,
  now,
}: {
  group: NotificationGroupView;
  now: number;
}) {
  const href = moderationNoticeHref(group);
  const post = group.target.post;
  const sx = {
    display: 'flex',
    alignItems: 'flex-start',
    gap: 2,
    py: 1.5,
    px: 2,
    borderLeft: 4,
    borderColor: group.read ? 'transparent' : 'primary.main',
    bgcolor: group.read ? undefined : 'action.hover',
  } as const;
  const content = (
    <>
      <Avatar sx={{ width: 36, height: 36, bgcolor: 'grey.600', flexShrink: 0 }}>
        <InfoOutlinedIcon fontSize="small" aria-hidden="true" />
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 700 }}>
          {messages.moderated.team}
        </Typography>
        <Typography sx={{ fontWeight: group.read ? 400 : 700, overflowWrap: 'anywhere' }}>
          {group.read ? null : <span className="visually-hidden">{`${text.unread}：`}</span>}
          {moderationNoticeText(group.moderation)}
        </Typography>
        {post ? (
          <Typography variant="body2" color="text.secondary" noWrap>
            {postDisplayTitle(post)}
          </Typography>
        ) : null}
        <Typography
          variant="caption"
          color="text.secondary"
          component="time"
          dateTime={group.latestAt}
        >
          {formatRelativeTime(group.latestAt, now)}
        </Typography>
      </Box>
    </>
  );
  const data = { 'data-testid': 'notification-item', 'data-read': group.read ? 'true' : 'false' };
  return href ? (
    <ListItemButton component="a" href={href} sx={sx} {...data}>
      {content}
    </ListItemButton>
  ) : (
    <Box sx={sx} {...data}>
      {content}
    </Box>
  );
}
