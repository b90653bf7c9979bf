import {
  IMPACT_POINTS,
  type RankingBoard,
  type RankingPage,
  type RankingPeriod,
  type RankingQuery,
  type RankingRow,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { japanMonthStartOf, japanWeekStartOf, previousPeriodStart } from '../../lib/japan-time.js';
import { decodeKeyPair, encodeKeyPair, splitPage } from '../../lib/page-cursor.js';
import { hiddenFrom } from '../blocks/blocks.service.js';
import * as repository from './rankings.repository.js';

/**
 * Rankings (docs/rankings.md). Scores are kept per member and period (this week, this month, all
 * time) and moved by `recordActivity`, which the effects of each domain event call inside the
 * transaction that records it (modules/effects/effects.service.ts,
 * docs/rankings.md#how-scores-are-kept); a page reads one index range.
 */

export interface RankingsDeps {
  db: Database;
  /** The time a page is read at (tests move it across period boundaries). */
  clock: () => Date;
}

/** The Japan date all-time rows are kept under. */
const ALL_TIME = '1970-01-01';

/**
 * Something that moves a score, in the scores' own terms (the effects of a domain event name
 * theirs, modules/effects/effects.service.ts). `at` is when the row that carries it was made.
 */
export type Activity =
  | { type: 'like' | 'want'; actorId: string; ownerId: string; at: Date; delta: 1 | -1 }
  | { type: 'follow'; followerId: string; followeeId: string; at: Date; delta: 1 | -1 }
  /** After a comment was inserted: only the member's first comment on the post counts. */
  | { type: 'comment-added'; actorId: string; ownerId: string; postId: string; at: Date }
  /**
   * Before a comment is deleted (`at` is its creation): the points follow the first one left,
   * the member's earliest comment on the post other than `commentId`.
   */
  | {
      type: 'comment-removed';
      actorId: string;
      ownerId: string;
      postId: string;
      commentId: string;
      at: Date;
    }
  | { type: 'post-added'; userId: string; at: Date }
  /** Before posts are deleted: they and the reactions they received leave the scores. */
  | { type: 'posts-removing'; postIds: readonly string[] }
  /**
   * Posts a moderator hid (-1) or showed again (+1): they count, with what they received, only
   * while shown. Scored while they are shown (before the hide, after the restore); a hidden
   * post's later removal moves nothing (the repository reads shown posts only).
   */
  | { type: 'posts-shown'; postIds: readonly string[]; sign: 1 | -1 }
  /** Before a member's account is deleted: what they gave others leaves those scores. */
  | { type: 'member-leaving'; userId: string };

function deltasOf(
  board: RankingBoard,
  userId: string,
  delta: number,
  at: Date,
): repository.ScoreDelta[] {
  return [
    { board, period: 'week', startsOn: japanWeekStartOf(at), userId, delta, at },
    { board, period: 'month', startsOn: japanMonthStartOf(at), userId, delta, at },
    { board, period: 'all', startsOn: ALL_TIME, userId, delta, at },
  ];
}

/** Sums deltas per row and sorts them by key, so concurrent writers lock rows in one order. */
function combine(deltas: repository.ScoreDelta[]): repository.ScoreDelta[] {
  const byKey = new Map<string, repository.ScoreDelta>();
  for (const row of deltas) {
    const key = `${row.board}|${row.period}|${row.startsOn}|${row.userId}`;
    const seen = byKey.get(key);
    if (seen) {
      seen.delta += row.delta;
      if (row.at > seen.at) seen.at = row.at;
    } else byKey.set(key, { ...row });
  }
  return [...byKey.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, row]) => row)
    .filter((row) => row.delta !== 0);
}

type Reactions = { ownerId: string; createdAt: Date }[];

function impactOf(rows: Reactions, points: number, sign: 1 | -1) {
  return rows.flatMap((row) => deltasOf('impact', row.ownerId, sign * points, row.createdAt));
}

async function deltasOfActivity(
  db: Database,
  activity: Activity,
): Promise<repository.ScoreDelta[]> {
  switch (activity.type) {
    case 'like':
    case 'want':
      if (activity.actorId === activity.ownerId) return [];
      return deltasOf(
        'impact',
        activity.ownerId,
        activity.delta * IMPACT_POINTS[activity.type],
        activity.at,
      );
    case 'follow':
      return deltasOf(
        'impact',
        activity.followeeId,
        activity.delta * IMPACT_POINTS.follow,
        activity.at,
      );
    case 'comment-added': {
      if (activity.actorId === activity.ownerId) return [];
      const first = await repository.findFirstCommentTime(db, activity.postId, activity.actorId);
      // Not the first: the member's comments on this post already count.
      if (!first || first.getTime() < activity.at.getTime()) return [];
      return deltasOf('impact', activity.ownerId, IMPACT_POINTS.comment, activity.at);
    }
    case 'comment-removed': {
      if (activity.actorId === activity.ownerId) return [];
      const first = await repository.findFirstCommentTime(
        db,
        activity.postId,
        activity.actorId,
        activity.commentId,
      );
      // An earlier comment is left: it was the one that counted, nothing moves.
      if (first && first.getTime() <= activity.at.getTime()) return [];
      const removed = deltasOf('impact', activity.ownerId, -IMPACT_POINTS.comment, activity.at);
      return first
        ? [...removed, ...deltasOf('impact', activity.ownerId, IMPACT_POINTS.comment, first)]
        : removed;
    }
    case 'post-added':
      return deltasOf('posts', activity.userId, 1, activity.at);
    case 'posts-removing':
    case 'posts-shown': {
      if (activity.postIds.length === 0) return [];
      const sign = activity.type === 'posts-shown' ? activity.sign : -1;
      const [postRows, reactions] = await Promise.all([
        repository.findPostTimes(db, activity.postIds),
        repository.findReactionsTo(db, activity.postIds),
      ]);
      return [
        ...postRows.flatMap((row) => deltasOf('posts', row.userId, sign, row.createdAt)),
        ...impactOf(reactions.likeRows, IMPACT_POINTS.like, sign),
        ...impactOf(reactions.wantRows, IMPACT_POINTS.want, sign),
        ...impactOf(reactions.commentRows, IMPACT_POINTS.comment, sign),
      ];
    }
    case 'member-leaving': {
      const given = await repository.findReactionsBy(db, activity.userId);
      return [
        ...impactOf(given.likeRows, IMPACT_POINTS.like, -1),
        ...impactOf(given.wantRows, IMPACT_POINTS.want, -1),
        ...impactOf(given.commentRows, IMPACT_POINTS.comment, -1),
        ...impactOf(given.followRows, IMPACT_POINTS.follow, -1),
      ];
    }
  }
}

/**
 * Moves ranking scores by an activity, in the transaction that writes it, so a score never
 * disagrees with the rows it counts. Actions reach it through their effects
 * (modules/effects/effects.service.ts); the period tests call it directly to place activity at
 * a chosen time.
 */
export async function recordActivity(db: Database, activity: Activity): Promise<void> {
  await repository.addScores(db, combine(await deltasOfActivity(db, activity)));
}

/* ---- Reading ---- */

const KEY = /^\d{1,10}:\d{1,17}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function decodeRankCursor(cursor: string | undefined): repository.RankCursor | null {
  const pair = decodeKeyPair(cursor, KEY, UUID);
  if (!pair) return null;
  const [score, achievedMicros] = pair[0].split(':') as [string, string];
  return { score: Number(score), achievedMicros, userId: pair[1] };
}

const encodeRankCursor = (row: repository.RankCursor) =>
  encodeKeyPair(`${row.score}:${row.achievedMicros}`, row.userId);

function periodStart(period: RankingPeriod, now: Date): string {
  if (period === 'week') return japanWeekStartOf(now);
  if (period === 'month') return japanMonthStartOf(now);
  return ALL_TIME;
}

type BoardRow = Awaited<ReturnType<typeof repository.findBoardPage>>[number];

function toRow(row: BoardRow, rank: number, previous: Map<string, number> | null): RankingRow {
  return {
    rank,
    user: { id: row.userId, name: row.name, avatar: row.avatar },
    score: row.score,
    change: previous ? row.score - (previous.get(row.userId) ?? 0) : null,
  };
}

/**
 * A page of a board. Ranks are shared by equal scores (1, 2, 2, 4) and computed from the rows
 * ahead of the page's first row, so any page costs the same few queries.
 */
export async function getRanking(
  deps: RankingsDeps,
  board: RankingBoard,
  viewerId: string | null,
  query: RankingQuery,
): Promise<RankingPage> {
  const { db } = deps;
  const startsOn = periodStart(query.period, deps.clock());
  const key = { board, period: query.period, startsOn };
  const rows = await repository.findBoardPage(
    db,
    key,
    decodeRankCursor(query.cursor),
    query.limit + 1,
  );
  const page = splitPage(rows, query.limit, encodeRankCursor);
  const own = viewerId ? await repository.findOwnRow(db, key, viewerId) : null;

  const previousKey =
    query.period === 'all'
      ? null
      : { ...key, startsOn: previousPeriodStart(query.period, startsOn) };
  const ids = [...page.items.map((row) => row.userId), ...(own ? [own.userId] : [])];
  const previous = previousKey
    ? new Map(
        (await repository.findScores(db, previousKey, ids)).map((row) => [row.userId, row.score]),
      )
    : null;

  const items: RankingRow[] = [];
  const first = page.items[0];
  if (first) {
    const [above, tiedBefore] = await Promise.all([
      repository.countAbove(db, key, first.score),
      repository.countTiedBefore(db, key, first),
    ]);
    let position = above + tiedBefore;
    let rank = above + 1;
    let last = first.score;
    for (const row of page.items) {
      position += 1;
      if (row.score !== last) rank = position;
      last = row.score;
      items.push(toRow(row, rank, previous));
    }
  }

  // Members the viewer blocked or muted are left out of the page; the ranks of the others
  // stay those of the whole board (docs/rankings.md#what-a-viewer-sees).
  const hidden = await hiddenFrom(
    db,
    viewerId,
    items.map((row) => row.user.id),
  );
  const shown = hidden.size > 0 ? items.filter((row) => !hidden.has(row.user.id)) : items;

  let me: RankingRow | null = null;
  if (own) {
    const onPage = items.find((row) => row.user.id === own.userId);
    me = onPage ?? toRow(own, (await repository.countAbove(db, key, own.score)) + 1, previous);
  }

  return {
    board,
    period: query.period,
    starts_on: query.period === 'all' ? null : startsOn,
    items: shown,
    next_cursor: page.nextCursor,
    me,
  };
}
