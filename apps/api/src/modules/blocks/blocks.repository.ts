import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { blocks, mutes } from '../../db/schema/index.js';

/** Whether `blockerId` has blocked `blockedId`. */
export async function isBlocked(
  db: Database,
  blockerId: string,
  blockedId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  return row !== undefined;
}

/** Those of `userIds` whom `viewerId` blocked or muted. */
export async function findHiddenAmong(
  db: Database,
  viewerId: string,
  userIds: readonly string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const ids = [...new Set(userIds)];
  const rows = await db
    .select({ userId: blocks.blockedId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, viewerId), inArray(blocks.blockedId, ids)))
    .unionAll(
      db
        .select({ userId: mutes.mutedId })
        .from(mutes)
        .where(and(eq(mutes.muterId, viewerId), inArray(mutes.mutedId, ids))),
    );
  return rows.map((row) => row.userId);
}
