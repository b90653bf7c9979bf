import { userPageSchema } from '@ekispot/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { peopleKeys } from './query-keys';

export const USER_PAGE_SIZE = 20;

async function getUserPage(
  path: string,
  query: Record<string, string | null>,
  signal?: AbortSignal,
) {
  const { data } = await apiRequest(path, {
    schema: userPageSchema,
    query: { ...query, limit: USER_PAGE_SIZE },
    signal,
  });
  return data;
}

export type UserPageView = Awaited<ReturnType<typeof getUserPage>>;
export type UserSummaryView = UserPageView['items'][number];

function pagedUsers(queryKey: readonly unknown[], path: string, query: Record<string, string>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => getUserPage(path, { ...query, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 30_000,
  });
}

/** GET /users?q=: the directory (most-followed first) or a name search. */
export function useDirectory(q: string) {
  return useInfiniteQuery(pagedUsers(peopleKeys.directory(q), '/users', { q }));
}

/** GET /users/{userId}/followers or /following. */
export function useFollowList(userId: string, side: 'followers' | 'following') {
  return useInfiniteQuery(
    pagedUsers(peopleKeys.follows(userId, side), `/users/${userId}/${side}`, {}),
  );
}

/** GET /users/me/blocks or /users/me/mutes (only the signed-in member sees theirs). */
export function useOwnList(kind: 'blocks' | 'mutes', enabled = true) {
  return useInfiniteQuery({
    ...pagedUsers(peopleKeys.own(kind), `/users/me/${kind}`, {}),
    enabled,
  });
}
