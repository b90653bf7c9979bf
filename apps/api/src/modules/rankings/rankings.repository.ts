import { and, asc, eq, gt, inArray, isNull, ne, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { notSuspended, suspendedMemberIds } from '../../db/moderated.js';
import {
  comments,
  follows,
  likes,
  postWants,
  posts,
  rankingScoreCounts,
  rankingScores,
  users,
} from '../../db/schema/index.js';

/** The only place with Drizzle queries for rankings (docs/conventions.md#api-modules). */

export type Board = 'impact' | 'posts';
export type Period = 'week' | 'month' | 'all';

export interface ScoreDelta {
  board: Board;
  period: Period;
  startsOn: string;
  userId: string;
  delta: number;
  at: Date;
}

const micros = (column: SQLWrapper) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
const fromMicros = (value: string) =>
  sql`(timestamptz 'epoch' + (${value}::text || ' microseconds')::interval)`;

/**
 * Adds the deltas in one statement. Rows are given in key order so that two transactions
 * touching the same members lock them in the same order. A rise moves `achieved_at` forward (ties
 * are ordered by who got there first); a fall leaves it.
 */
export async function addScores(db: Database, deltas: ScoreDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await db
    .insert(rankingScores)
    .values(
      deltas.map((row) => ({
        board: row.board,
        period: row.period,
        startsOn: row.startsOn,
        userId: row.userId,
        score: row.delta,
        achievedAt: row.at,
      })),
    )
    .onConflictDoUpdate({
      target: [
        rankingScores.board,
        rankingScores.period,
        rankingScores.startsOn,
        rankingScores.userId,
      ],
      set: {
        score: sql`${rankingScores.score} + excluded.score`,
        achievedAt: sql`case when excluded.score > 0 then greatest(${rankingScores.achievedAt}, excluded.achieved_at) else ${rankingScores.achievedAt} end`,
      },
    });
}

/* ---- What an activity is worth: reads of the rows that carry it ---- */

/**
 * When the member first commented on the post, or null (their comments count once per post),
 * leaving out `exceptId` (a comment about to be deleted).
 */
export async function findFirstCommentTime(
  db: Database,
  postId: string,
  userId: string,
  exceptId?: string,
) {
  const [row] = await db
    .select({ createdAt: comments.createdAt })
    .from(comments)
    .where(
      and(
        eq(comments.postId, postId),
        eq(comments.userId, userId),
        exceptId === undefined ? undefined : ne(comments.id, exceptId),
      ),
    )
    .orderBy(asc(comments.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

export function findPostTimes(db: Database, postIds: readonly string[]) {
  return db
    .select({ userId: posts.userId, createdAt: posts.createdAt })
    .from(posts)
    .where(and(inArray(posts.id, [...postIds]), isNull(posts.hiddenAt)));
}

/** Reactions others made to these posts: likes, wants and each member's first comment. */
export async function findReactionsTo(db: Database, postIds: readonly string[]) {
  const ids = [...postIds];
  const [likeRows, wantRows, commentRows] = await Promise.all([
    db
      .select({ ownerId: posts.userId, createdAt: likes.createdAt })
      .from(likes)
      .innerJoin(posts, eq(posts.id, likes.postId))
      .where(
        and(inArray(likes.postId, ids), ne(likes.userId, posts.userId), isNull(posts.hiddenAt)),
      ),
    db
      .select({ ownerId: posts.userId, createdAt: postWants.createdAt })
      .from(postWants)
      .innerJoin(posts, eq(posts.id, postWants.postId))
      .where(
        and(
          inArray(postWants.postId, ids),
          ne(postWants.userId, posts.userId),
          isNull(posts.hiddenAt),
        ),
      ),
    db
      .select({
        ownerId: posts.userId,
        createdAt: sql<Date>`min(${comments.createdAt})`.mapWith(comments.createdAt),
      })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(
        and(
          inArray(comments.postId, ids),
          ne(comments.userId, posts.userId),
          isNull(posts.hiddenAt),
        ),
      )
      .groupBy(comments.postId, comments.userId, posts.userId),
  ]);
  return { likeRows, wantRows, commentRows };
}

/** Reactions a member made to others' posts, and the members they follow (for leaving). */
export async function findReactionsBy(db: Database, userId: string) {
  const [likeRows, wantRows, commentRows, followRows] = await Promise.all([
    db
      .select({ ownerId: posts.userId, createdAt: likes.createdAt })
      .from(likes)
      .innerJoin(posts, eq(posts.id, likes.postId))
      .where(and(eq(likes.userId, userId), ne(posts.userId, userId))),
    db
      .select({ ownerId: posts.userId, createdAt: postWants.createdAt })
      .from(postWants)
      .innerJoin(posts, eq(posts.id, postWants.postId))
      .where(and(eq(postWants.userId, userId), ne(posts.userId, userId))),
    db
      .select({
        ownerId: posts.userId,
        createdAt: sql<Date>`min(${comments.createdAt})`.mapWith(comments.createdAt),
      })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(and(eq(comments.userId, userId), ne(posts.userId, userId)))
      .groupBy(comments.postId, posts.userId),
    db
      .select({ ownerId: follows.followeeId, createdAt: follows.createdAt })
      .from(follows)
      .where(eq(follows.followerId, userId)),
  ]);
  return { likeRows, wantRows, commentRows, followRows };
}

/* ---- Reading a board ---- */

export interface BoardKey {
  board: Board;
  period: Period;
  startsOn: string;
}

const onBoard = (key: BoardKey) =>
  and(
    eq(rankingScores.board, key.board),
    eq(rankingScores.period, key.period),
    eq(rankingScores.startsOn, key.startsOn),
  );

export interface RankCursor {
  score: number;
  achievedMicros: string;
  userId: string;
}

/**
 * One page in ranking order (score, then who got there first), with each member's card.
 * Suspended members are off the boards (docs/moderation.md#hidden-items), here and in the
 * counts the ranks are worked out from.
 */
export function findBoardPage(
  db: Database,
  key: BoardKey,
  after: RankCursor | null,
  limit: number,
) {
  const conditions = [onBoard(key), gt(rankingScores.score, 0), notSuspended(rankingScores.userId)];
  if (after) {
    // `score <= s` bounds the index range; the rest orders the ties.
    conditions.push(
      sql`${rankingScores.score} <= ${after.score}`,
      sql`(${rankingScores.score} < ${after.score} or (${rankingScores.achievedAt}, ${rankingScores.userId}) > (${fromMicros(after.achievedMicros)}, ${after.userId}::uuid))`,
    );
  }
  return (
    db
      .select({
        userId: rankingScores.userId,
        score: rankingScores.score,
        achievedMicros: micros(rankingScores.achievedAt),
        name: users.name,
        avatar: users.avatarImageId,
      })
      .from(rankingScores)
      .innerJoin(users, eq(users.id, rankingScores.userId))
      .where(and(...conditions))
      // `desc nulls last`, as the index is built: a bare `desc` means nulls first to PostgreSQL,
      // which the index cannot serve, and every request would sort the whole period.
      .orderBy(
        sql`${rankingScores.score} desc nulls last`,
        asc(rankingScores.achievedAt),
        asc(rankingScores.userId),
      )
      .limit(limit)
  );
}

/**
 * How many members hold a higher score: a sum over the distinct scores above it, read from the
 * per-score counts the triggers keep (migration 0007), so a deep rank costs no more than a
 * top one; less the suspended members above, looked up by key (they are few).
 */
export async function countAbove(db: Database, key: BoardKey, score: number): Promise<number> {
  const suspendedAbove = sql`(select count(*) from ${rankingScores}
    where ${rankingScores.board} = ${key.board} and ${rankingScores.period} = ${key.period}
    and ${rankingScores.startsOn} = ${key.startsOn} and ${rankingScores.score} > ${score}
    and ${rankingScores.userId} in (${suspendedMemberIds()}))`;
  const [row] = await db
    .select({
      value:
        sql<number>`coalesce(sum(${rankingScoreCounts.members}), 0) - ${suspendedAbove}`.mapWith(
          Number,
        ),
    })
    .from(rankingScoreCounts)
    .where(
      and(
        eq(rankingScoreCounts.board, key.board),
        eq(rankingScoreCounts.period, key.period),
        eq(rankingScoreCounts.startsOn, key.startsOn),
        gt(rankingScoreCounts.score, score),
      ),
    );
  return row?.value ?? 0;
}

/** How many rows tie with a row's score but come before it (reached it earlier). */
export async function countTiedBefore(db: Database, key: BoardKey, row: RankCursor) {
  const [counts] = await db
    .select({ value: sql<number>`count(*)`.mapWith(Number) })
    .from(rankingScores)
    .where(
      and(
        onBoard(key),
        eq(rankingScores.score, row.score),
        notSuspended(rankingScores.userId),
        sql`(${rankingScores.achievedAt}, ${rankingScores.userId}) < (${fromMicros(row.achievedMicros)}, ${row.userId}::uuid)`,
      ),
    );
  return counts?.value ?? 0;
}

export async function findScores(db: Database, key: BoardKey, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: rankingScores.userId, score: rankingScores.score })
    .from(rankingScores)
    .where(and(onBoard(key), inArray(rankingScores.userId, userIds)));
}

/** The member's own row on the board, with their card, or null without a score. */
export async function findOwnRow(db: Database, key: BoardKey, userId: string) {
  const [row] = await db
    .select({
      userId: rankingScores.userId,
      score: rankingScores.score,
      achievedMicros: micros(rankingScores.achievedAt),
      name: users.name,
      avatar: users.avatarImageId,
    })
    .from(rankingScores)
    .innerJoin(users, eq(users.id, rankingScores.userId))
    .where(
      and(
        onBoard(key),
        eq(rankingScores.userId, userId),
        gt(rankingScores.score, 0),
        notSuspended(rankingScores.userId),
      ),
    );
  return row ?? null;
}
