import { PagedQueryState } from '../../../components/paged-query-state';
import { messages } from '../../../config/messages';
import { useFollowList } from '../api/get-users';
import { FollowButton } from './follow-button';
import { UserList } from './user-list';

/** /users/:userId/followers or /following: the members, newest follow first, with buttons. */
export function FollowList({
  userId,
  side,
  viewerId,
  notify,
}: {
  userId: string;
  side: 'followers' | 'following';
  viewerId: string | null | undefined;
  notify: (message: string) => void;
}) {
  const query = useFollowList(userId, side);
  const text = side === 'followers' ? messages.people.followers : messages.people.followingList;
  return (
    <PagedQueryState
      text={messages.people}
      query={query}
      label={messages.people.counts[side]}
      empty={text.empty}
    >
      {(users) => (
        <UserList
          users={users}
          action={(user) => (
            <FollowButton
              userId={user.id}
              name={user.name}
              followedByMe={user.followedByMe}
              viewerId={viewerId}
              onError={notify}
              size="small"
            />
          )}
        />
      )}
    </PagedQueryState>
  );
}
