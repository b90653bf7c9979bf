import Avatar from '@mui/material/Avatar';
import { messages } from '../config/messages';
import { imageUrl } from '../lib/image-url';
import { initialOf } from '../lib/initial-of';

const text = messages.auth.avatar;

/**
 * A member's picture, or the first letter of the name when there is none. Beside the name it is
 * decoration (no alt text); `named` gives it the member's name where it stands alone (the
 * account menu's button, the profile form). A `previewSrc` (a chosen file's object URL) shows
 * instead of the saved picture. The thumbnail (480 px on its long side,
 * apps/api/src/modules/images/image-processing.ts) is sharp at every size an avatar is drawn.
 */
export function UserAvatar({
  name,
  avatar,
  size,
  previewSrc = null,
  named = false,
}: {
  name: string;
  /** The avatar's image id, or null for the initial. */
  avatar: string | null;
  size: number;
  previewSrc?: string | null;
  named?: boolean;
}) {
  const src = previewSrc ?? (avatar ? imageUrl(avatar, 'thumb') : undefined);
  const alt = previewSrc ? text.previewAlt : named && src ? text.alt(name) : '';
  return (
    <Avatar
      src={src}
      alt={alt}
      sx={{ width: size, height: size, bgcolor: 'secondary.main', fontSize: size * 0.45 }}
    >
      <span aria-hidden="true">{initialOf(name)}</span>
    </Avatar>
  );
}
