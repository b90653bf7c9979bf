import { RANKING_PERIODS, type RankingBoard, type RankingPeriod } from '@ekispot/shared';
import { useLocation, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { RankingPage } from '../../features/rankings/components/ranking-page';

const isPeriod = (value: string | null): value is RankingPeriod =>
  (RANKING_PERIODS as readonly (string | null)[]).includes(value);

/** /rankings/impact and /rankings/post, with `?period=week|month|all` (this week by default). */
export function Component() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const board: RankingBoard = pathname === paths.rankingPost.path ? 'posts' : 'impact';
  const requested = search.get('period');
  const period: RankingPeriod = isPeriod(requested) ? requested : 'week';
  return (
    <RankingPage
      board={board}
      period={period}
      periodHref={(next) => `${pathname}${next === 'week' ? '' : `?period=${next}`}`}
    />
  );
}
