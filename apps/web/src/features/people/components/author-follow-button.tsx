import { useProfile } from '../api/get-profile';
import { FollowButton } from './follow-button';

/** The follow button of an author card (post page): the relation comes from the profile. */
export function AuthorFollowButton({
  userId,
  viewerId,
  onError,
}: {
  userId: string;
  viewerId: string | null | undefined;
  onError?: (message: string) => void;
}) {
  const profile = useProfile(userId);
  if (viewerId === userId || !profile.data || profile.data.blockedByMe) return null;
  return (
    <FollowButton
      userId={userId}
      name={profile.data.name}
      followedByMe={profile.data.followedByMe}
      viewerId={viewerId}
      onError={onError}
      size="small"
    />
  );
}
