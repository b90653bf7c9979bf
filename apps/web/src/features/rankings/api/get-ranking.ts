import { rankingPageSchema, type RankingBoard, type RankingPeriod } from '@ekispot/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rankingKeys } from './query-keys';

export const RANKING_PAGE_SIZE = 20;

const API_PATH: Record<RankingBoard, string> = {
  impact: '/rankings/impact',
  posts: '/rankings/posts',
};

/** GET /rankings/impact or /rankings/posts for a period, page by page. */
export function useRanking(board: RankingBoard, period: RankingPeriod) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: rankingKeys.board(board, period),
      queryFn: async ({ pageParam, signal }) =>
        (
          await apiRequest(API_PATH[board], {
            schema: rankingPageSchema,
            query: { period, cursor: pageParam, limit: RANKING_PAGE_SIZE },
            signal,
          })
        ).data,
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
      staleTime: 30_000,
    }),
  );
}
