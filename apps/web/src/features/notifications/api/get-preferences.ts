import { notificationPreferencesSchema } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { MEMBER_ONLY_META } from '../../../lib/query-client';
import { notificationKeys } from './query-keys';

/** GET /notifications/preferences — the types also sent by mail. */
export async function getPreferences(signal?: AbortSignal) {
  const { data } = await apiRequest('/notifications/preferences', {
    schema: notificationPreferencesSchema,
    signal,
  });
  return data;
}

export function preferencesQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.preferences(),
    meta: MEMBER_ONLY_META,
    queryFn: ({ signal }) => getPreferences(signal),
  });
}

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}
