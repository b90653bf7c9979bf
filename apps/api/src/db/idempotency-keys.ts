import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { IDEMPOTENCY_KEY_TTL, idempotencyKeys } from './schema/index.js';

/**
 * The queries behind `Idempotency-Key` (plugins/idempotency.ts,
 * docs/architecture.md#idempotent-writes).
 */

/**
 * A first request that has not answered after this long is taken to have died with its
 * process (requests time out well before): a retry may run it again.
 */
const ABANDONED_AFTER = sql`interval '2 minutes'`;

/**
 * A member's keys kept at most (docs/security.md#idempotency-keys-bound-to-their-request): a new
 * claim drops the oldest beyond it. A queue a person fills offline holds tens of actions; a
 * retry whose key was dropped runs again, which a reaction (a state set) shrugs off.
 */
export const IDEMPOTENCY_KEYS_PER_MEMBER = 500;

export type KeyClaim =
  | { kind: 'claimed' }
  | { kind: 'running' }
  | { kind: 'other-request'; request: string }
  | { kind: 'other-body' }
  | { kind: 'answered'; statusCode: number; body: string; contentType: string | null };

/**
 * Takes `key` for this request, or tells what holds it. A key is free when unused, older than
 * a day, or held by a request that was abandoned. The member's forgotten keys go at the same
 * time, and the oldest beyond IDEMPOTENCY_KEYS_PER_MEMBER, so the table holds at most a day
 * of each member's writes and never more than that many rows of one member.
 */
export async function claimKey(
  db: Database,
  userId: string,
  key: string,
  request: string,
  fingerprint: string,
): Promise<KeyClaim> {
  await db.execute(sql`
    delete from ${idempotencyKeys} as k
    where k.user_id = ${userId}
      and (k.created_at < now() - ${IDEMPOTENCY_KEY_TTL}
        or k.key <> ${key} and k.key in (select kept.key from ${idempotencyKeys} as kept
          where kept.user_id = ${userId} and kept.key <> ${key}
          order by kept.created_at desc, kept.key desc
          offset ${IDEMPOTENCY_KEYS_PER_MEMBER - 1}))`);
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId, key, request, fingerprint })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        request,
        fingerprint,
        statusCode: null,
        body: null,
        contentType: null,
        createdAt: sql`now()`,
        completedAt: null,
      },
      setWhere: sql`${idempotencyKeys.statusCode} is null and ${idempotencyKeys.createdAt} < now() - ${ABANDONED_AFTER}`,
    })
    .returning({ key: idempotencyKeys.key });
  if (claimed.length > 0) return { kind: 'claimed' };
  const [held] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  // Gone between the two statements (the member left): nothing to replay, run it.
  if (!held) return claimKey(db, userId, key, request, fingerprint);
  if (held.request !== request) return { kind: 'other-request', request: held.request };
  // Rows written before fingerprints were kept have none: the path alone decides for them.
  if (held.fingerprint !== null && held.fingerprint !== fingerprint) return { kind: 'other-body' };
  if (held.statusCode === null || held.body === null) return { kind: 'running' };
  return {
    kind: 'answered',
    statusCode: held.statusCode,
    body: held.body,
    contentType: held.contentType,
  };
}

/** Keeps the first answer for the key's retries. */
export async function recordAnswer(
  db: Database,
  userId: string,
  key: string,
  answer: { statusCode: number; body: string; contentType: string | null },
): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ ...answer, completedAt: sql`now()` })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Lets the key go: the request failed in a way a retry may not (a 5xx, a rate limit). */
export async function releaseKey(db: Database, userId: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}
