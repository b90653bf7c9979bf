import {
  RIDE_DISTANCE_FORMULA_TEXT,
  type RankingPeriod,
  type RankingRow,
  type RideRankingPage,
} from '@ekispot/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { validationFailed } from '../../lib/http-error.js';
import { japanMonthStartOf, japanWeekStartOf } from '../../lib/japan-time.js';

/**
 * The 「乗車距離」 board (docs/rides.md#ranking): each member's public rides dated in the period,
 * their lengths summed, in whole kilometres. Counted from the rides when asked, as a member's
 * rides are few; a private ride never enters it, and members out of sight (suspended) neither.
 */

const ALL_TIME = '1970-01-01';

function periodStart(period: RankingPeriod, now: Date): string | null {
  if (period === 'week') return japanWeekStartOf(now);
  if (period === 'month') return japanMonthStartOf(now);
  return null;
}

interface ScoreRow extends Record<string, unknown> {
  user_id: string;
  name: string;
  avatar: string | null;
  km: number;
  rank: number;
}

function scoresQuery(startsOn: string) {
  return sql`
    with scores as (
      select r.user_id, floor(sum(r.distance_m) / 1000)::int as km, max(r.created_at) as reached
      from rides r join users u on u.id = r.user_id
      where r.is_public and r.ridden_on >= ${startsOn}::date
        and (u.suspended_until is null or u.suspended_until <= now())
      group by r.user_id)
    select s.user_id, u.name, u.avatar_image_id as avatar, s.km,
           (rank() over (order by s.km desc))::int as rank,
           row_number() over (order by s.km desc, s.reached, s.user_id) as position
    from scores s join users u on u.id = s.user_id
    where s.km > 0`;
}

/** Both drivers answer `execute` with `{ rows }`. */
const rowsOf = (result: unknown) => (result as { rows: ScoreRow[] }).rows;

const toRow = (row: ScoreRow): RankingRow => ({
  rank: row.rank,
  user: { id: row.user_id, name: row.name, avatar: row.avatar },
  score: row.km,
  change: null,
});

export async function getDistanceRanking(
  db: Database,
  viewerId: string | null,
  query: { period: RankingPeriod; cursor?: string | undefined; limit: number },
  now: Date,
): Promise<RideRankingPage> {
  const startsOn = periodStart(query.period, now);
  const offset = query.cursor === undefined ? 0 : Number(query.cursor);
  if (!Number.isInteger(offset) || offset < 0 || offset > 100_000) {
    throw validationFailed({ cursor: ['カーソルが正しくありません。'] });
  }
  const ranked = scoresQuery(startsOn ?? ALL_TIME);
  const rows = rowsOf(
    await db.execute(sql`
      select * from (${ranked}) t order by position limit ${query.limit + 1} offset ${offset}`),
  );
  const own = viewerId
    ? rowsOf(await db.execute(sql`select * from (${ranked}) t where user_id = ${viewerId}`))[0]
    : undefined;
  return {
    board: 'distance',
    period: query.period,
    starts_on: startsOn,
    formula: RIDE_DISTANCE_FORMULA_TEXT,
    items: rows.slice(0, query.limit).map(toRow),
    next_cursor: rows.length > query.limit ? String(offset + query.limit) : null,
    me: own ? toRow(own) : null,
  };
}
