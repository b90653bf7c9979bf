import type { RankingBoard, RankingPeriod } from '@ekispot/shared';

/** Every query key of the rankings feature. */
export const rankingKeys = {
  all: ['rankings'] as const,
  board: (board: RankingBoard, period: RankingPeriod) =>
    [...rankingKeys.all, board, period] as const,
};
