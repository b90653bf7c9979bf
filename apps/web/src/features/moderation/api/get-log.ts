import { moderationLogSchema } from '@ekispot/shared';
import type { CamelCased, ModerationLogEntry } from '@ekispot/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { MEMBER_ONLY_META } from '../../../lib/query-client';
import { moderationKeys } from './query-keys';

export type ModerationLogEntryView = CamelCased<ModerationLogEntry>;

export const MODERATION_LOG_PAGE_SIZE = 30;

/** GET /moderation/log — the audit log, newest first, one cursor page. */
export async function getModerationLog(cursor: string | null, signal?: AbortSignal) {
  const { data } = await apiRequest('/moderation/log', {
    schema: moderationLogSchema,
    query: { cursor, limit: MODERATION_LOG_PAGE_SIZE },
    signal,
  });
  return data;
}

export function moderationLogQueryOptions() {
  return infiniteQueryOptions({
    queryKey: moderationKeys.log(),
    meta: MEMBER_ONLY_META,
    queryFn: ({ pageParam, signal }) => getModerationLog(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useModerationLog() {
  return useInfiniteQuery(moderationLogQueryOptions());
}
