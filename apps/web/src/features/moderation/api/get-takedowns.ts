import { takedownQueueSchema } from '@ekispot/shared';
import type { CamelCased, TakedownItem } from '@ekispot/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { MEMBER_ONLY_META } from '../../../lib/query-client';
import { moderationKeys } from './query-keys';

export type TakedownItemView = CamelCased<TakedownItem>;

/** GET /moderation/takedowns — the confirmed 削除の申し出 still open, longest waiting first. */
export async function getModerationTakedowns(signal?: AbortSignal) {
  const { data } = await apiRequest('/moderation/takedowns', {
    schema: takedownQueueSchema,
    signal,
  });
  return data.items;
}

export function moderationTakedownsQueryOptions() {
  return queryOptions({
    queryKey: moderationKeys.takedowns(),
    meta: MEMBER_ONLY_META,
    queryFn: ({ signal }) => getModerationTakedowns(signal),
  });
}

export function useModerationTakedowns() {
  return useQuery(moderationTakedownsQueryOptions());
}
