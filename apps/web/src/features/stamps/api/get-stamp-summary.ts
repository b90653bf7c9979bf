import { stampSummarySchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { stampKeys } from './query-keys';

/** GET /users/{userId}/stamps/summary: stamped stations per prefecture and per line. */
export async function getStampSummary(userId: string, signal?: AbortSignal) {
  const { data } = await apiRequest(`/users/${userId}/stamps/summary`, {
    schema: stampSummarySchema,
    signal,
  });
  return data;
}

export function stampSummaryQueryOptions(userId: string) {
  return queryOptions({
    queryKey: stampKeys.summary(userId),
    queryFn: ({ signal }) => getStampSummary(userId, signal),
    staleTime: 30_000,
  });
}

export function useStampSummary(userId: string) {
  return useQuery(stampSummaryQueryOptions(userId));
}
