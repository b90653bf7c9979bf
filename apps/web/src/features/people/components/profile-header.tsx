import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { StandaloneLink } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import type { ProfileView } from '../api/get-profile';
import { FollowButton } from './follow-button';
import { ProfileMenu } from './profile-menu';
import { ShareButton } from '../../../components/share/share-button';
import { UserAvatar } from '../../../components/user-avatar';
import type { OpenReport } from '../../../lib/report-target';
import { formatCount } from '../../../lib/format-count';
import { TOUCH_SCREEN, TOUCH_TARGET_PX } from '../../../lib/theme';

const text = messages.people;

function Count({ label, count, to }: { label: string; count: number; to?: string }) {
  const content = (
    <>
      <Box component="span" sx={{ fontWeight: 700, color: 'text.primary', mr: 0.5 }}>
        {formatCount(count)}
      </Box>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </Box>
    </>
  );
  return (
    <Typography
      component="li"
      variant="body2"
      color="text.secondary"
      // Every count as tall as the linked ones (44 px targets on a touch screen), so the row's
      // texts stand on one line; a label is never broken, a long number goes above it.
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        [TOUCH_SCREEN]: { minHeight: TOUCH_TARGET_PX },
      }}
    >
      {to ? (
        <StandaloneLink to={to} underline="hover" color="inherit">
          {content}
        </StandaloneLink>
      ) : (
        content
      )}
    </Typography>
  );
}

interface ProfileHeaderProps {
  profile: ProfileView;
  viewerId: string | null | undefined;
  notify: (message: string) => void;
  onReport?: OpenReport | undefined;
}

/** Avatar, name, bio, counts (followers and following link to their lists), follow, menu. */
export function ProfileHeader({ profile, viewerId, notify, onReport }: ProfileHeaderProps) {
  // No follow button on one's own profile, nor for a blocked member: then the menu alone stays
  // beside the name instead of taking a row of its own.
  const followable = !profile.blockedByMe && viewerId !== profile.id;
  return (
    <Box component="header" sx={{ mb: 3 }}>
      {/* On a phone the follow button and menu take a row of their own under the name, which
          would otherwise be squeezed to a character per line beside them. */}
      <Stack
        direction="row"
        useFlexGap
        sx={{
          alignItems: 'center',
          columnGap: 2,
          rowGap: 1.5,
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
        }}
      >
        <UserAvatar name={profile.name} avatar={profile.avatar} size={88} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            component="h1"
            variant="h4"
            sx={{
              fontWeight: 700,
              overflowWrap: 'anywhere',
              fontSize: { xs: '1.6rem', md: '2rem' },
            }}
          >
            {profile.name}
          </Typography>
          {profile.followsMe ? (
            <Typography variant="caption" color="text.secondary">
              {text.followsYou}
            </Typography>
          ) : null}
        </Box>
        <Stack
          direction="row"
          spacing={1}
          sx={{
            alignItems: 'center',
            flexBasis: { xs: followable ? '100%' : 'auto', sm: 'auto' },
          }}
        >
          {followable ? (
            <FollowButton
              userId={profile.id}
              name={profile.name}
              followedByMe={profile.followedByMe}
              viewerId={viewerId}
              onError={notify}
            />
          ) : null}
          <ProfileMenu profile={profile} viewerId={viewerId} notify={notify} onReport={onReport} />
        </Stack>
      </Stack>
      {profile.bio ? (
        <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {profile.bio}
        </Typography>
      ) : null}
      {/* Five counts: on a phone three and two, in columns, rather than a row that breaks
          wherever the name lengths make it; one row from 600 px on. */}
      <Box
        component="ul"
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'repeat(3, minmax(0, max-content))',
            sm: 'repeat(5, minmax(0, max-content))',
          },
          columnGap: { xs: 2.5, sm: 3 },
          rowGap: 0.5,
          alignItems: 'center',
          listStyle: 'none',
          p: 0,
          m: 0,
          mt: 2,
        }}
      >
        <Count label={text.counts.posts} count={profile.postCount} />
        <Count
          label={text.counts.followers}
          count={profile.followerCount}
          to={paths.userFollowers.href(profile.id)}
        />
        <Count
          label={text.counts.following}
          count={profile.followingCount}
          to={paths.userFollowing.href(profile.id)}
        />
        <Count label={text.counts.stamps} count={profile.stampCount} />
        <Count label={text.counts.lists} count={profile.listCount} />
      </Box>
      <Box sx={{ mt: 1, ml: -1 }}>
        <ShareButton
          title={profile.name}
          text={messages.share.texts.profile(profile.name)}
          path={paths.profilePosts.href(profile.id)}
          onNotice={notify}
        />
      </Box>
      {profile.blockedByMe ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {text.blockedNotice}
        </Alert>
      ) : profile.mutedByMe ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {text.mutedNotice}
        </Alert>
      ) : null}
    </Box>
  );
}
