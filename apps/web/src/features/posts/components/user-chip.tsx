import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { paths } from '../../../config/paths';
import { RouterLink } from '../../../components/router-link';
import type { PostView } from '../api/get-post';
import { imageUrl } from '../../../lib/image-url';
import { initialOf } from '../../../lib/initial-of';

type Author = PostView['user'];

/** A user's avatar (or initial) and name, linking to their profile's posts. */
export function UserChip({
  user,
  size = 36,
  meta,
}: {
  user: Author;
  size?: number;
  /** A second line under the name (the date, for instance). */
  meta?: ReactNode;
}) {
  return (
    <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Avatar
        src={user.avatar ? imageUrl(user.avatar, 'thumb') : undefined}
        // The name is next to it: the picture is decoration for screen readers.
        alt=""
        sx={{ width: size, height: size, bgcolor: 'secondary.main', fontSize: size * 0.45 }}
      >
        <span aria-hidden="true">{initialOf(user.name)}</span>
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <RouterLink
          to={paths.profilePosts.href(user.id)}
          sx={{ fontWeight: 700, display: 'block', overflowWrap: 'anywhere' }}
          underline="hover"
        >
          {user.name}
        </RouterLink>
        {meta ? (
          <Typography variant="caption" color="text.secondary" component="p">
            {meta}
          </Typography>
        ) : null}
      </div>
    </Stack>
  );
}
