import { moderationQueueSchema } from '@ekispot/shared';
import type { CamelCased, ModerationItem } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { MEMBER_ONLY_META } from '../../../lib/query-client';
import { moderationKeys } from './query-keys';

export type ModerationItemView = CamelCased<ModerationItem>;

/** GET /moderation/reports — the open reports grouped by item, longest waiting first. */
export async function getModerationReports(signal?: AbortSignal) {
  const { data } = await apiRequest('/moderation/reports', {
    schema: moderationQueueSchema,
    signal,
  });
  return data.items;
}

export function moderationReportsQueryOptions() {
  return queryOptions({
    queryKey: moderationKeys.reports(),
    meta: MEMBER_ONLY_META,
    queryFn: ({ signal }) => getModerationReports(signal),
  });
}

export function useModerationReports() {
  return useQuery(moderationReportsQueryOptions());
}
