import { profileSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { peopleKeys } from './query-keys';

/** GET /users/{userId}: the profile with its counts and the viewer's relation. */
export async function getProfile(userId: string, signal?: AbortSignal) {
  const { data } = await apiRequest(`/users/${userId}`, { schema: profileSchema, signal });
  return data;
}

export type ProfileView = Awaited<ReturnType<typeof getProfile>>;

export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: peopleKeys.profile(userId),
    queryFn: ({ signal }) => getProfile(userId, signal),
    staleTime: 30_000,
  });
}

export function useProfile(userId: string) {
  return useQuery(profileQueryOptions(userId));
}
