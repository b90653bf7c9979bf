import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { PUSH_TYPE_DEFAULTS } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { notificationInSight } from '../../db/moderated.js';
import { notRelatedTo } from '../../db/related-members.js';
import {
  notificationGroups,
  notifications,
  posts,
  pushDeliveries,
  pushPreferences,
  pushSubscriptions,
  users,
} from '../../db/schema/index.js';

/**
 * The push outbox (docs/pwa.md#push): rows written beside notifications, claimed by the push
 * worker with SKIP LOCKED so that of several instances exactly one sends each.
 */

export type DeliveryRow = typeof pushDeliveries.$inferSelect;

const secondsFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/**
 * Queues a push for each of these notifications whose member has a subscription and wants the
 * type, in the transaction that wrote them. A refreshed notification (a new comment by the same
 * member) is due again.
 */
export async function queueDeliveries(db: Database, notificationIds: readonly string[]) {
  if (notificationIds.length === 0) return;
  const defaults = sql`array[${sql.join(
    PUSH_TYPE_DEFAULTS.map((type) => sql`${type}`),
    sql`, `,
  )}]::text[]`;
  const ids = sql`${`{${notificationIds.join(',')}}`}::uuid[]`;
  await db.execute(sql`insert into ${pushDeliveries} (id, notification_id, user_id)
    select gen_random_uuid(), n.id, n.user_id
    from ${notifications} as n
    left join ${pushPreferences} as p on p.user_id = n.user_id
    where n.id = any(${ids})
      and n.type::text = any(coalesce(p.push_types, ${defaults}))
      and exists (select 1 from ${pushSubscriptions} as s where s.user_id = n.user_id)
    on conflict (notification_id) do update
      set status = 'pending', attempts = 0, next_attempt_at = now(), last_error = null`);
}

/** Claims due deliveries with SKIP LOCKED and a lease, as the mail outbox does. */
export async function claimDue(
  db: Database,
  limit: number,
  leaseSeconds: number,
): Promise<DeliveryRow[]> {
  const due = db
    .select({ id: pushDeliveries.id })
    .from(pushDeliveries)
    .where(and(eq(pushDeliveries.status, 'pending'), lte(pushDeliveries.nextAttemptAt, sql`now()`)))
    .orderBy(asc(pushDeliveries.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(pushDeliveries)
    .set({
      attempts: sql`${pushDeliveries.attempts} + 1`,
      nextAttemptAt: secondsFromNow(leaseSeconds),
    })
    .where(and(inArray(pushDeliveries.id, due), eq(pushDeliveries.status, 'pending')))
    .returning();
}

/** A sent (or skipped) delivery is deleted: the table holds only work still to do. */
export async function deleteDelivery(db: Database, id: string): Promise<void> {
  await db.delete(pushDeliveries).where(eq(pushDeliveries.id, id));
}

/**
 * Deletes the member's due, unclaimed deliveries of one notification group (type, target and
 * Japan day): a push of the group just told what it holds. Returns how many went.
 */
export async function deleteDueOfGroup(
  db: Database,
  userId: string,
  group: { type: DeliveryGroupType; targetKey: string; day: string },
): Promise<number> {
  const n = notifications;
  const due = db
    .select({ id: pushDeliveries.id })
    .from(pushDeliveries)
    .innerJoin(n, eq(n.id, pushDeliveries.notificationId))
    .where(
      and(
        eq(pushDeliveries.userId, userId),
        eq(pushDeliveries.status, 'pending'),
        lte(pushDeliveries.nextAttemptAt, sql`now()`),
        eq(n.type, group.type),
        eq(n.targetKey, group.targetKey),
        sql`(${n.createdAt} at time zone 'Asia/Tokyo')::date = ${group.day}::date`,
      ),
    );
  const rows = await db
    .delete(pushDeliveries)
    .where(inArray(pushDeliveries.id, due))
    .returning({ id: pushDeliveries.id });
  return rows.length;
}

type DeliveryGroupType = (typeof notifications.$inferSelect)['type'];

/** Waits until `at` (the end of the quiet hours) without counting an attempt. */
export async function postpone(db: Database, id: string, at: Date): Promise<void> {
  await db
    .update(pushDeliveries)
    .set({ nextAttemptAt: at, attempts: sql`greatest(${pushDeliveries.attempts} - 1, 0)` })
    .where(eq(pushDeliveries.id, id));
}

export async function markDeliveryFailed(
  db: Database,
  id: string,
  failure: { error: string; retryInSeconds: number | null },
): Promise<void> {
  await db
    .update(pushDeliveries)
    .set(
      failure.retryInSeconds === null
        ? { status: 'failed', lastError: failure.error }
        : { lastError: failure.error, nextAttemptAt: secondsFromNow(failure.retryInSeconds) },
    )
    .where(eq(pushDeliveries.id, id));
}

/**
 * What a push says about a notification, read when it is sent: the notification, whether its
 * actor is still someone the member hears from (no block either way, no mute) and it is still
 * in sight (no suspended actor, no post or comment hidden from the member: db/moderated.ts), and its group
 * on the list (the same type and target on the same Japan day), whose counts already leave out
 * actors the member blocked or muted (docs/notifications.md#grouping).
 */
export async function findPushContent(db: Database, notificationId: string) {
  const n = notifications;
  const g = notificationGroups;
  const [row] = await db
    .select({
      userId: n.userId,
      actorId: n.actorId,
      type: n.type,
      targetKey: n.targetKey,
      postId: n.postId,
      commentId: n.commentId,
      stationGroupId: n.stationGroupId,
      read: sql<boolean>`${n.readAt} is not null`,
      day: sql<string>`((${n.createdAt} at time zone 'Asia/Tokyo')::date)::text`,
      heard: sql<boolean>`(${n.type} = 'moderation' or ${notRelatedTo(n.actorId, sql`${n.userId}`, ['blocked', 'blockedBy', 'muted'])})
        and ${notificationInSight(n)}`,
      actorIds: g.actorIds,
      actorCount: g.actorCount,
      postKind: posts.kind,
    })
    .from(n)
    .leftJoin(
      g,
      and(
        eq(g.userId, n.userId),
        eq(g.type, n.type),
        eq(g.targetKey, n.targetKey),
        sql`${g.day} = (${n.createdAt} at time zone 'Asia/Tokyo')::date`,
      ),
    )
    .leftJoin(posts, eq(posts.id, n.postId))
    .where(eq(n.id, notificationId));
  return row ?? null;
}

export async function findName(db: Database, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

/** The member's quiet hours, when they set any. */
export async function findQuietHours(db: Database, userId: string) {
  const [row] = await db
    .select({
      enabled: pushPreferences.quietHoursEnabled,
      start: pushPreferences.quietStart,
      end: pushPreferences.quietEnd,
    })
    .from(pushPreferences)
    .where(eq(pushPreferences.userId, userId));
  return row ?? null;
}
