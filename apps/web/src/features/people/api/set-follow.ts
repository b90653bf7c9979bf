import { followStateSchema } from '@ekispot/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryKey } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { refreshAfterWrite } from '../../../lib/write-invalidation';
import type { ProfileView } from './get-profile';
import type { UserPageView } from './get-users';
import { peopleKeys } from './query-keys';

/** POST (follow) or DELETE (unfollow) /users/{userId}/follow → {followed_by_me, follower_count}. */
export async function setFollow(userId: string, follow: boolean) {
  const { data } = await apiRequest(`/users/${userId}/follow`, {
    method: follow ? 'POST' : 'DELETE',
    schema: followStateSchema,
  });
  return data;
}

interface FollowState {
  followedByMe: boolean;
  followerCount: number;
}

type Snapshot = [QueryKey, unknown][];

/**
 * Follows or unfollows at once in every cached copy of the member (profile, directory,
 * follower lists) — optimistic — then keeps the server's numbers, or puts every copy back
 * as it was if the call fails.
 */
export function useSetFollow(userId: string) {
  const queryClient = useQueryClient();

  const write = (state: (current: FollowState) => FollowState) => {
    queryClient.setQueryData<ProfileView>(peopleKeys.profile(userId), (profile) =>
      profile ? { ...profile, ...state(profile) } : profile,
    );
    queryClient.setQueriesData<InfiniteData<UserPageView>>(
      { queryKey: peopleKeys.userLists() },
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((user) =>
              user.id === userId ? { ...user, ...state(user) } : user,
            ),
          })),
        },
    );
  };

  return useMutation({
    mutationFn: (follow: boolean) => setFollow(userId, follow),
    onMutate: async (follow): Promise<{ snapshot: Snapshot }> => {
      // A refetch landing now would overwrite the optimistic state with the old one.
      await queryClient.cancelQueries({ queryKey: peopleKeys.all });
      const snapshot: Snapshot = [
        ...queryClient.getQueriesData({ queryKey: peopleKeys.profile(userId) }),
        ...queryClient.getQueriesData({ queryKey: peopleKeys.userLists() }),
      ];
      write((current) => ({
        followedByMe: follow,
        followerCount: Math.max(
          0,
          current.followerCount + (follow === current.followedByMe ? 0 : follow ? 1 : -1),
        ),
      }));
      return { snapshot };
    },
    onError: (_error, _follow, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (state) => write(() => state),
    // The viewer's own following count, the follower lists and the follow timelines changed
    // too; after a refusal the snapshot is back and the same are read again.
    onSettled: (_state, error) =>
      void refreshAfterWrite(queryClient, {
        kind: 'follow-changed',
        userId,
        inCache: error === null,
      }),
  });
}
