import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { pushPreferences, pushSubscriptions, pushVapidKeys } from '../../db/schema/index.js';

/**
 * Drizzle queries for push subscriptions, push choices and the stored VAPID keys
 * (docs/conventions.md#api-modules); the outbox's are in push-outbox.repository.ts.
 */

export interface SubscriptionValues {
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  expiresAt: Date | null;
  userAgent: string;
  /** The session that subscribed: ending it ends the subscription (docs/accounts.md#sessions). */
  sessionId: string | null;
}

/**
 * Stores the subscription for the member: the same endpoint again (the browser renewed its
 * keys, or another member signed in on it) updates the row and moves it to this member.
 */
export async function upsertSubscription(db: Database, values: SubscriptionValues) {
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        expiresAt: values.expiresAt,
        userAgent: values.userAgent,
        sessionId: values.sessionId,
        failureCount: 0,
        // A subscription that changed hands counts as new for the limit.
        createdAt: sql`case when ${pushSubscriptions.userId} = excluded.user_id
          then ${pushSubscriptions.createdAt} else now() end`,
      },
    });
}

/** Drops the member's oldest subscriptions beyond `keep`; returns how many remain. */
export async function trimSubscriptions(
  db: Database,
  userId: string,
  keep: number,
): Promise<number> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id))
    .for('update');
  const excess = rows.slice(0, Math.max(0, rows.length - keep)).map((row) => row.id);
  if (excess.length > 0)
    await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, excess));
  return rows.length - excess.length;
}

/** Deletes the member's own subscription with this endpoint; false when they hold none. */
export async function deleteOwnSubscription(
  db: Database,
  userId: string,
  endpoint: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function countSubscriptions(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return row?.value ?? 0;
}

export async function findSubscriptions(db: Database, userId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));
}

export async function markSent(db: Database, id: string): Promise<void> {
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: sql`now()`, failureCount: 0 })
    .where(eq(pushSubscriptions.id, id));
}

/** Counts a failed send; returns the failures since the last success. */
export async function markFailed(db: Database, id: string): Promise<number> {
  const [row] = await db
    .update(pushSubscriptions)
    .set({ failureCount: sql`${pushSubscriptions.failureCount} + 1` })
    .where(eq(pushSubscriptions.id, id))
    .returning({ failures: pushSubscriptions.failureCount });
  return row?.failures ?? 0;
}

/** Removes a subscription the push service no longer knows (404, 410) or that we refuse. */
export async function deleteSubscription(db: Database, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export type PreferencesRow = typeof pushPreferences.$inferSelect;

export async function findPreferences(db: Database, userId: string) {
  const [row] = await db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId));
  return row ?? null;
}

export async function savePreferences(
  db: Database,
  values: Omit<PreferencesRow, 'updatedAt'>,
): Promise<void> {
  await db
    .insert(pushPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: pushPreferences.userId,
      set: {
        pushTypes: values.pushTypes,
        quietHoursEnabled: values.quietHoursEnabled,
        quietStart: values.quietStart,
        quietEnd: values.quietEnd,
        updatedAt: sql`now()`,
      },
    });
}

/** The stored VAPID pair, storing `candidate` first when there is none (any instance may win). */
export async function findOrStoreVapidKeys(
  db: Database,
  candidate: { publicKey: string; privateKey: string },
) {
  await db
    .insert(pushVapidKeys)
    .values({ id: 1, ...candidate })
    .onConflictDoNothing({ target: pushVapidKeys.id });
  const [row] = await db
    .select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey })
    .from(pushVapidKeys)
    .where(eq(pushVapidKeys.id, 1));
  if (!row) throw new Error('push_vapid_keys: the row just stored is missing');
  return row;
}
