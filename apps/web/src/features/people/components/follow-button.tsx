import Button from '@mui/material/Button';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useSetFollow } from '../api/set-follow';

const text = messages.people;

interface FollowButtonProps {
  userId: string;
  name: string;
  followedByMe: boolean;
  /** The signed-in user's id; null for a visitor; undefined while the session loads. */
  viewerId: string | null | undefined;
  onError?: (message: string) => void;
  size?: 'small' | 'medium';
}

/**
 * フォローする / フォロー中. The change shows at once and is undone if the call fails. A
 * visitor is sent to /login and comes back here afterwards. Nothing is shown on one's own.
 */
export function FollowButton({
  userId,
  name,
  followedByMe,
  viewerId,
  onError,
  size = 'medium',
}: FollowButtonProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const follow = useSetFollow(userId);
  if (viewerId === userId) return null;

  const press = () => {
    if (viewerId === undefined) return;
    if (viewerId === null) {
      void navigate(paths.login.href(`${location.pathname}${location.search}`));
      return;
    }
    // One call at a time, so answers cannot arrive out of order.
    if (follow.isPending) return;
    follow.mutate(!followedByMe, {
      onError: (error) => onError?.(error.message || text.followFailed),
    });
  };

  return (
    <Button
      variant={followedByMe ? 'outlined' : 'contained'}
      size={size}
      aria-pressed={followedByMe}
      aria-label={followedByMe ? text.unfollowHint(name) : text.followHint(name)}
      aria-busy={follow.isPending || undefined}
      onClick={press}
      sx={{ borderRadius: 999, whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {followedByMe ? text.following : text.follow}
    </Button>
  );
}
