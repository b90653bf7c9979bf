import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { notifications, users } from '../../db/schema/index.js';
import { visibleTo } from './notifications.repository.js';

/**
 * The live stream's reads (docs/notifications.md#event-order): where a fresh stream starts, and
 * what a stream has not sent yet (docs/conventions.md#api-modules).
 */

/**
 * The member's newest event number (0 with none) and the database's snapshot at that moment,
 * read together: where a fresh stream starts (docs/notifications.md#event-order).
 */
export async function latestSeq(
  db: Database,
  userId: string,
): Promise<{ seq: number; snapshot: string }> {
  const [row] = await db
    .select({
      value: sql<string | null>`max(${notifications.seq})::text`,
      snapshot: sql<string>`pg_current_snapshot()::text`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return { seq: Number(row?.value ?? 0), snapshot: row?.snapshot ?? '' };
}

const eventColumns = {
  id: notifications.id,
  seq: notifications.seq,
  type: notifications.type,
  postId: notifications.postId,
  createdAt: notifications.createdAt,
  actorId: notifications.actorId,
  actorName: users.name,
  actorAvatar: users.avatarImageId,
  snapshot: sql<string>`pg_current_snapshot()::text`.as('snapshot'),
};

/**
 * What a stream has not sent yet, oldest first, in one statement (so one snapshot, returned
 * as `snapshot` on every row): rows numbered after `seq` (at most `limit`), and — when the
 * stream read before under `snapshot` — every row numbered up to `seq` that was not yet
 * committed then. Those come from transactions still running at that read; they are few and
 * found through the `(user_id, xact)` index (docs/notifications.md#event-order).
 */
export async function findSince(
  db: Database,
  userId: string,
  after: { seq: number; snapshot: string | null },
  limit: number,
) {
  const newer = db
    .select(eventColumns)
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.actorId))
    .where(and(visibleTo(userId), gt(notifications.seq, after.seq)))
    .orderBy(asc(notifications.seq))
    .limit(limit);
  if (!after.snapshot) return newer;
  const before = sql`${after.snapshot}::pg_snapshot`;
  const late = db
    .select(eventColumns)
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.actorId))
    .where(
      and(
        visibleTo(userId),
        lte(notifications.seq, after.seq),
        sql`${notifications.xact} >= pg_snapshot_xmin(${before})`,
        sql`not pg_visible_in_snapshot(${notifications.xact}, ${before})`,
      ),
    );
  const rows = await unionAll(late, newer);
  return rows.sort((a, b) => a.seq - b.seq);
}
