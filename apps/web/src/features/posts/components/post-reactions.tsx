import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import PlaceIcon from '@mui/icons-material/Place';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { POST_WANT_LABELS } from '@ekispot/shared';
import { useLocation, useNavigate } from 'react-router';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import type { PostView } from '../api/get-post';
import { usePendingReaction, useToggleReaction } from '../api/toggle-reaction';
import type { Reaction } from '../api/toggle-reaction';
import { ReactionButton } from './reaction-button';

interface PostReactionsProps {
  post: PostView;
  /** The signed-in user's id; null for a visitor; undefined while the session loads. */
  viewerId: string | null | undefined;
  onError: (message: string) => void;
}

/** いいね for every post, and 行きたい (spots) or 参加したい (events). */
export function PostReactions({ post, viewerId, onError }: PostReactionsProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const like = useToggleReaction(post.id, 'like');
  const want = useToggleReaction(post.id, 'want');
  const shown = withPending(
    post,
    usePendingReaction(post.id, 'like'),
    usePendingReaction(post.id, 'want'),
  );

  const press = (reaction: Reaction) => {
    if (viewerId === undefined) return;
    if (viewerId === null) {
      void navigate(paths.login.href(`${location.pathname}${location.search}`));
      return;
    }
    // One call at a time per button (checked synchronously), so a double click counts once.
    (reaction === 'like' ? like : want).toggle({
      // A refusal (the author blocked the viewer) says why; anything else is generic.
      onError: (error) =>
        onError(
          isApiError(error) && error.status === 403
            ? error.message
            : messages.posts.reactions.failed,
        ),
    });
  };

  const wantLabel = post.kind === 'image' ? null : POST_WANT_LABELS[post.kind];
  const wantIcons =
    post.kind === 'event'
      ? { icon: <EventAvailableOutlinedIcon />, activeIcon: <EventAvailableIcon /> }
      : { icon: <PlaceOutlinedIcon />, activeIcon: <PlaceIcon /> };

  return (
    <>
      <ReactionButton
        label={messages.posts.reactions.like}
        active={shown.liked}
        count={shown.likeCount}
        pending={shown.likePending}
        icon={<FavoriteBorderIcon />}
        activeIcon={<FavoriteIcon />}
        busy={like.isPending}
        onClick={() => press('like')}
      />
      {wantLabel ? (
        <ReactionButton
          label={wantLabel}
          active={shown.wanted}
          count={shown.wantCount}
          pending={shown.wantPending}
          {...wantIcons}
          busy={want.isPending}
          onClick={() => press('want')}
        />
      ) : null}
    </>
  );
}

/**
 * The post's reactions as they will be once the offline queue has sent the waiting presses:
 * after a reload the post is the server's, without them (docs/pwa.md#queued-actions).
 */
export function withPending(post: PostView, like: boolean | null, want: boolean | null) {
  const shift = (active: boolean, count: number, pending: boolean | null) =>
    pending === null || pending === active
      ? { active, count }
      : { active: pending, count: Math.max(0, count + (pending ? 1 : -1)) };
  const liked = shift(post.liked, post.likeCount, like);
  const wanted = shift(post.wanted, post.wantCount, want);
  return {
    liked: liked.active,
    likeCount: liked.count,
    likePending: like !== null,
    wanted: wanted.active,
    wantCount: wanted.count,
    wantPending: want !== null,
  };
}
