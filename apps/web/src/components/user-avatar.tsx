import Avatar from '@mui/material/Avatar';
import { imageUrl } from '../lib/image-url';
import { initialOf } from '../lib/initial-of';

/** A member's picture, or the first letter of the name; decoration beside the name. */
export function UserAvatar({
  name,
  avatar,
  size,
}: {
  name: string;
  avatar: string | null;
  size: number;
}) {
  return (
    <Avatar
      src={avatar ? imageUrl(avatar, size > 64 ? 'full' : 'thumb') : undefined}
      alt=""
      sx={{ width: size, height: size, bgcolor: 'secondary.main', fontSize: size * 0.45 }}
    >
      <span aria-hidden="true">{initialOf(name)}</span>
    </Avatar>
  );
}
