import { and, eq, getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  notSuspended,
  shownTo,
  suspendedFolloweesOf,
  suspendedFollowersOf,
} from '../../db/moderated.js';
import { descending } from '../../db/order.js';
import { notRelatedTo } from '../../db/related-members.js';
import { blocks, follows, lists, mutes, posts, stamps, users } from '../../db/schema/index.js';
import type { UserPageKey } from './user-cursor.js';

/** The only place with Drizzle queries for people: follows, blocks, mutes, profile tabs. */

export type UserRow = typeof users.$inferSelect;

const micros = (column: SQLWrapper) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
/**
 * Descending as the indexes are built (`desc nulls last`): a bare `desc` means nulls first to
 * PostgreSQL, which then cannot walk those indexes and sorts every row instead.
 */
const fromMicros = (value: string) =>
  sql`(timestamptz 'epoch' + (${value}::text || ' microseconds')::interval)`;

/**
 * The follow counts as everyone sees them: the kept counters less the follows of suspended
 * members, who are out of sight (docs/moderation.md#hidden-items). The counters themselves stay
 * as they are, so a suspension that ends needs no recount; a directory page is still ordered
 * by the kept counter.
 */
const shownFollowerCount = sql<number>`(${users.followerCount} - ${suspendedFollowersOf(users.id)})`;
const shownFollowingCount = sql<number>`(${users.followingCount} - ${suspendedFolloweesOf(users.id)})`;

/** A member, unless suspended: their profile is then gone (docs/moderation.md#hidden-items). */
export async function findUser(db: Database, userId: string): Promise<UserRow | null> {
  const [row] = await db
    .select({
      ...getTableColumns(users),
      followerCount: shownFollowerCount,
      followingCount: shownFollowingCount,
    })
    .from(users)
    .where(and(eq(users.id, userId), notSuspended(users.id)));
  return row ?? null;
}

/**
 * Counts that are cheap by index (posts, stamps, lists) are counted, of what the viewer is
 * shown (docs/moderation.md#hidden-items); follows are kept.
 */
export async function countContent(db: Database, userId: string, viewerId: string | null) {
  const [row] = await db
    .select({
      postCount:
        sql<number>`(select count(*) from ${posts} where ${posts.userId} = ${userId} and ${shownTo(posts, viewerId)})`.mapWith(
          Number,
        ),
      stampCount:
        sql<number>`(select count(*) from ${stamps} where ${stamps.userId} = ${userId})`.mapWith(
          Number,
        ),
      listCount: (userId === viewerId
        ? sql<number>`(select count(*) from ${lists} where ${lists.userId} = ${userId})`
        : sql<number>`(select count(*) from ${lists} where ${lists.userId} = ${userId} and ${lists.isPublic} and ${lists.hiddenAt} is null)`
      ).mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return row ?? { postCount: 0, stampCount: 0, listCount: 0 };
}

/** How the viewer stands to the member, in one round trip. */
export async function findRelation(db: Database, viewerId: string, userId: string) {
  const [row] = await db
    .select({
      followedByMe: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${userId})`,
      followsMe: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${userId} and ${follows.followeeId} = ${viewerId})`,
      blockedByMe: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${userId})`,
      blocksMe: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${userId} and ${blocks.blockedId} = ${viewerId})`,
      mutedByMe: sql<boolean>`exists (select 1 from ${mutes} where ${mutes.muterId} = ${viewerId} and ${mutes.mutedId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return {
    followedByMe: Boolean(row?.followedByMe),
    followsMe: Boolean(row?.followsMe),
    blockedByMe: Boolean(row?.blockedByMe),
    blocksMe: Boolean(row?.blocksMe),
    mutedByMe: Boolean(row?.mutedByMe),
  };
}

/** When the follow was made, if this call made (or removed) it; rankings count it by that day. */
export async function insertFollow(db: Database, followerId: string, followeeId: string) {
  const rows = await db
    .insert(follows)
    .values({ followerId, followeeId })
    .onConflictDoNothing()
    .returning({ createdAt: follows.createdAt });
  return rows[0]?.createdAt ?? null;
}

export async function deleteFollow(db: Database, followerId: string, followeeId: string) {
  const rows = await db
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .returning({ createdAt: follows.createdAt });
  return rows[0]?.createdAt ?? null;
}

/** Moves both counters of one follow; the caller holds both rows' locks. */
export async function addToFollowCounts(
  db: Database,
  followerId: string,
  followeeId: string,
  delta: 1 | -1,
) {
  await db
    .update(users)
    .set({ followingCount: sql`greatest(${users.followingCount} + ${delta}, 0)` })
    .where(eq(users.id, followerId));
  const [row] = await db
    .update(users)
    .set({ followerCount: sql`greatest(${users.followerCount} + ${delta}, 0)` })
    .where(eq(users.id, followeeId))
    .returning({ followerCount: shownFollowerCount });
  return row?.followerCount ?? 0;
}

export async function followerCountOf(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ followerCount: shownFollowerCount })
    .from(users)
    .where(eq(users.id, userId));
  return row?.followerCount ?? 0;
}

/**
 * Before a member's rows cascade away: everyone they followed loses a follower and everyone
 * who followed them loses a following, in the leaving transaction.
 */
export async function subtractFollowsOf(db: Database, userId: string): Promise<void> {
  await db.execute(sql`
    update ${users} as u set follower_count = greatest(u.follower_count - 1, 0)
    from ${follows} as f
    where f.follower_id = ${userId}::uuid and u.id = f.followee_id`);
  await db.execute(sql`
    update ${users} as u set following_count = greatest(u.following_count - 1, 0)
    from ${follows} as f
    where f.followee_id = ${userId}::uuid and u.id = f.follower_id`);
}

export async function setActionsPublic(db: Database, userId: string, value: boolean) {
  await db
    .update(users)
    .set({ actionsPublic: value, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/* ---- Lists of members ---- */

/** Columns of a member in a list, with whether the viewer follows them. */
function summaryColumns(viewerId: string | null) {
  return {
    id: users.id,
    name: users.name,
    bio: users.bio,
    avatar: users.avatarImageId,
    followerCount: users.followerCount,
    shownFollowerCount,
    followedByMe: viewerId
      ? sql<boolean>`exists (select 1 from ${follows} as mine where mine.follower_id = ${viewerId} and mine.followee_id = ${users.id})`
      : sql<boolean>`false`,
  };
}

/**
 * Members the viewer blocked are left out of every list they read, and suspended members out of
 * everyone's (docs/moderation.md#hidden-items).
 */
function notBlockedBy(viewerId: string | null): SQL {
  const shown = notSuspended(users.id);
  return viewerId ? sql`(${shown} and ${notRelatedTo(users.id, viewerId, ['blocked'])})` : shown;
}

/** The NFKC, lower-cased form names are searched in (the index uses the same function). */
const normalizedName = sql`lower(normalize(${users.name}, NFKC))`;

export async function findDirectory(
  db: Database,
  options: { viewerId: string | null; q: string | null; after: UserPageKey | null; limit: number },
) {
  const conditions: (SQL | undefined)[] = [notBlockedBy(options.viewerId)];
  if (options.q) {
    conditions.push(
      sql`ekispot_name_grams(${users.name}) @> ekispot_query_grams(${options.q})`,
      sql`strpos(${normalizedName}, lower(normalize(${options.q}, NFKC))) > 0`,
    );
  }
  if (options.after) {
    conditions.push(
      sql`(${users.followerCount}, ${users.id}) < (${Number(options.after.key)}, ${options.after.id}::uuid)`,
    );
  }
  return db
    .select(summaryColumns(options.viewerId))
    .from(users)
    .where(and(...conditions))
    .orderBy(descending(users.followerCount), descending(users.id))
    .limit(options.limit);
}

/** Followers (side 'followers') or followees ('following') of a member, newest follow first. */
export async function findFollowPage(
  db: Database,
  options: {
    side: 'followers' | 'following';
    userId: string;
    viewerId: string | null;
    after: UserPageKey | null;
    limit: number;
  },
) {
  const [own, other] =
    options.side === 'followers'
      ? [follows.followeeId, follows.followerId]
      : [follows.followerId, follows.followeeId];
  const conditions: (SQL | undefined)[] = [eq(own, options.userId), notBlockedBy(options.viewerId)];
  if (options.after) {
    conditions.push(
      sql`(${follows.createdAt}, ${other}) < (${fromMicros(options.after.key)}, ${options.after.id}::uuid)`,
    );
  }
  return db
    .select({ ...summaryColumns(options.viewerId), micros: micros(follows.createdAt) })
    .from(follows)
    .innerJoin(users, eq(users.id, other))
    .where(and(...conditions))
    .orderBy(descending(follows.createdAt), descending(other))
    .limit(options.limit);
}

/** Blocked (kind 'blocks') or muted ('mutes') members of one member, newest first. */
export async function findBlockOrMutePage(
  db: Database,
  options: { kind: 'blocks' | 'mutes'; userId: string; after: UserPageKey | null; limit: number },
) {
  const table = options.kind === 'blocks' ? blocks : mutes;
  const own = options.kind === 'blocks' ? blocks.blockerId : mutes.muterId;
  const other = options.kind === 'blocks' ? blocks.blockedId : mutes.mutedId;
  const conditions: SQL[] = [eq(own, options.userId)];
  if (options.after) {
    conditions.push(
      sql`(${table.createdAt}, ${other}) < (${fromMicros(options.after.key)}, ${options.after.id}::uuid)`,
    );
  }
  return db
    .select({ ...summaryColumns(options.userId), micros: micros(table.createdAt) })
    .from(table)
    .innerJoin(users, eq(users.id, other))
    .where(and(...conditions))
    .orderBy(descending(table.createdAt), descending(other))
    .limit(options.limit);
}

/* ---- Blocks and mutes ---- */

export async function insertBlock(db: Database, blockerId: string, blockedId: string) {
  await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: Database, blockerId: string, blockedId: string) {
  await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

export async function insertMute(db: Database, muterId: string, mutedId: string) {
  await db.insert(mutes).values({ muterId, mutedId }).onConflictDoNothing();
}

export async function deleteMute(db: Database, muterId: string, mutedId: string) {
  await db.delete(mutes).where(and(eq(mutes.muterId, muterId), eq(mutes.mutedId, mutedId)));
}
