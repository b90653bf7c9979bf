import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { notSuspended } from '../../db/moderated.js';
import { blocks, follows, mutes, posts } from '../../db/schema/index.js';
import { createdAtMicros, type PostKind } from './posts.repository.js';

/** The queries behind the timelines' window (timeline.service.ts, docs/timelines.md#reading). */

export interface WindowRow {
  id: string;
  userId: string;
  kind: PostKind;
  /** created_at in microseconds, as decimal text (lib/page-cursor.ts). */
  micros: string;
  /** Seen by its author only: hidden by a moderator, or by a suspended member. */
  hidden: boolean;
}

/** The newest `size` posts in timeline order, with what decides who may see each. */
export function findWindow(db: Database, size: number): Promise<WindowRow[]> {
  return db
    .select({
      id: posts.id,
      userId: posts.userId,
      kind: posts.kind,
      micros: createdAtMicros(posts.createdAt),
      hidden: sql<boolean>`not (${posts.hiddenAt} is null and ${notSuspended(posts.userId)})`,
    })
    .from(posts)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(size);
}

/**
 * Whose posts a member's timelines leave out (members they blocked or muted) and whose they
 * follow, in one round trip.
 */
export async function findViewerRelations(
  db: Database,
  viewerId: string,
): Promise<{ hidden: string[]; follows: string[] }> {
  const rows = await db
    .select({ relation: sql<string>`'hidden'`, id: blocks.blockedId })
    .from(blocks)
    .where(eq(blocks.blockerId, viewerId))
    .unionAll(
      db
        .select({ relation: sql<string>`'hidden'`, id: mutes.mutedId })
        .from(mutes)
        .where(eq(mutes.muterId, viewerId)),
    )
    .unionAll(
      db
        .select({ relation: sql<string>`'follows'`, id: follows.followeeId })
        .from(follows)
        .where(eq(follows.followerId, viewerId)),
    );
  const result = { hidden: [] as string[], follows: [] as string[] };
  for (const row of rows) (row.relation === 'hidden' ? result.hidden : result.follows).push(row.id);
  return result;
}
