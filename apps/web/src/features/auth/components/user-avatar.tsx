import Avatar from '@mui/material/Avatar';
import { messages } from '../../../config/messages';
import { imageUrl } from '../../../lib/image-url';
import { initialOf } from '../../../lib/initial-of';

interface UserAvatarProps {
  name: string;
  /** The avatar's image id, or null for the initial. */
  avatar: string | null;
  /** A local preview (object URL) shown instead of the saved avatar. */
  previewSrc?: string | null;
  size?: number;
}

/** The user's picture (thumbnail), or the first letter of their name when there is none. */
export function UserAvatar({ name, avatar, previewSrc, size = 32 }: UserAvatarProps) {
  const src = previewSrc ?? (avatar ? imageUrl(avatar, 'thumb') : undefined);
  return (
    <Avatar
      src={src}
      alt={
        previewSrc
          ? messages.auth.avatar.previewAlt
          : src
            ? messages.auth.avatar.alt(name)
            : undefined
      }
      sx={{ width: size, height: size, bgcolor: 'secondary.main', fontSize: size * 0.45 }}
    >
      <span aria-hidden="true">{initialOf(name)}</span>
    </Avatar>
  );
}
