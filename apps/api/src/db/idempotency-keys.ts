import { and, eq, lt, sql } from 'drizzle-orm';
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

export type KeyClaim =
  | { kind: 'claimed' }
  | { kind: 'running' }
  | { kind: 'other-request'; request: string }
  | { kind: 'answered'; statusCode: number; body: string; contentType: string | null };

/**
 * Takes `key` for this request, or tells what holds it. A key is free when unused, older than
 * a day, or held by a request that was abandoned. The member's forgotten keys go at the same
 * time, so the table holds about a day of each member's writes.
 */
export async function claimKey(
  db: Database,
  userId: string,
  key: string,
  request: string,
): Promise<KeyClaim> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        lt(idempotencyKeys.createdAt, sql`now() - ${IDEMPOTENCY_KEY_TTL}`),
      ),
    );
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId, key, request })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        request,
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
  if (!held) return claimKey(db, userId, key, request);
  if (held.request !== request) return { kind: 'other-request', request: held.request };
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
