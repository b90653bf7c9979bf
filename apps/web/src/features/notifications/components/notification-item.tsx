import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { notificationSentence, postDisplayTitle } from '@ekispot/shared';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { imageUrl } from '../../../lib/image-url';
import { initialOf } from '../../../lib/initial-of';
import type { NotificationGroupView } from '../api/get-notifications';
import { formatRelativeTime } from '../utils/relative-time';
import { ModerationNoticeItem } from './moderation-notice-item';

const text = messages.notifications;

/** Where a notification leads: the comment, the post, or (a follow) the newest follower. */
export function notificationHref(group: NotificationGroupView): string {
  const post = group.target.post;
  if (post && group.target.commentId) return paths.comment.href(post.id, group.target.commentId);
  if (post) return paths.post.href(post.id);
  const actor = group.actors[0];
  return actor ? paths.profile.href(actor.id) : paths.notifications.href();
}

/** One grouped notification: the actors' pictures, the sentence, the target and the time. */
export function NotificationItem({ group, now }: { group: NotificationGroupView; now: number }) {
  // The moderators' notices come from 「運営チーム」, never from a member.
  if (group.type === 'moderation') return <ModerationNoticeItem group={group} now={now} />;
  const first = group.actors[0];
  const sentence = notificationSentence(
    group.type,
    first?.name ?? text.leftMember,
    group.actorCount,
    group.target.post?.kind,
  );
  const post = group.target.post;
  return (
    <ListItemButton
      component="a"
      href={notificationHref(group)}
      sx={{
        alignItems: 'flex-start',
        gap: 2,
        py: 1.5,
        borderLeft: 4,
        borderColor: group.read ? 'transparent' : 'primary.main',
        bgcolor: group.read ? undefined : 'action.hover',
      }}
      data-testid="notification-item"
      data-read={group.read ? 'true' : 'false'}
    >
      <AvatarGroup max={3} sx={{ flexShrink: 0 }}>
        {group.actors.map((actor) => (
          <Avatar
            key={actor.id}
            src={actor.avatar ? imageUrl(actor.avatar, 'thumb') : undefined}
            alt=""
            sx={{ width: 36, height: 36, bgcolor: 'secondary.main' }}
          >
            <span aria-hidden="true">{initialOf(actor.name)}</span>
          </Avatar>
        ))}
      </AvatarGroup>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: group.read ? 400 : 700 }}>
          {group.read ? null : <span className="visually-hidden">{`${text.unread}：`}</span>}
          {sentence}
        </Typography>
        {post ? (
          <Typography variant="body2" color="text.secondary" noWrap>
            {postDisplayTitle(post)}
          </Typography>
        ) : null}
        {group.target.station ? (
          <Typography variant="body2" color="text.secondary">
            {group.target.station.name}駅
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
    </ListItemButton>
  );
}
