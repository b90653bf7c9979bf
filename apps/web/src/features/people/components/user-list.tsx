import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { StandaloneLink } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import type { UserSummaryView } from '../api/get-users';
import { UserAvatar } from '../../../components/user-avatar';

/** Members as rows: avatar, name (to the profile), a bio excerpt, followers, and an action. */
export function UserList({
  users,
  action,
}: {
  users: UserSummaryView[];
  action: (user: UserSummaryView) => ReactNode;
}) {
  return (
    <List disablePadding>
      {users.map((user) => (
        <ListItem key={user.id} divider sx={{ px: 0, py: 1.5, gap: 1.5, alignItems: 'flex-start' }}>
          <UserAvatar name={user.name} avatar={user.avatar} size={48} />
          <Stack sx={{ flex: 1, minWidth: 0 }}>
            <StandaloneLink
              to={paths.profilePosts.href(user.id)}
              underline="hover"
              sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
            >
              {user.name}
            </StandaloneLink>
            {user.bio ? (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{
                  overflow: 'hidden',
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflowWrap: 'anywhere',
                }}
              >
                {user.bio}
              </Typography>
            ) : null}
            <Typography variant="caption" color="text.secondary">
              {messages.people.followerCount(user.followerCount)}
            </Typography>
          </Stack>
          {action(user)}
        </ListItem>
      ))}
    </List>
  );
}
