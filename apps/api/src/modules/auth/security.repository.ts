import { and, asc, count, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import {
  authChallenges,
  authTokens,
  knownDevices,
  passkeys,
  recoveryCodes,
  totpCredentials,
} from '../../db/schema/index.js';

/**
 * Queries of what guards an account beyond its password: sessions as a list, the
 * re-authentication window, the authenticator app, recovery codes, passkeys, challenges and
 * known devices (docs/accounts.md#two-step-sign-in-and-passkeys).
 */

export type TotpRow = typeof totpCredentials.$inferSelect;
export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengeRow = typeof authChallenges.$inferSelect;

export function listSessions(db: Database, userId: string) {
  return db
    .select({
      id: authTokens.id,
      userAgent: authTokens.userAgent,
      createdAt: authTokens.createdAt,
      lastUsedAt: authTokens.lastUsedAt,
    })
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), gt(authTokens.expiresAt, sql`now()`)))
    .orderBy(desc(authTokens.lastUsedAt), desc(authTokens.id));
}

/** Deletes one session of the member; whether there was one. */
export async function deleteOwnSession(db: Database, userId: string, id: string) {
  const rows = await db
    .delete(authTokens)
    .where(and(eq(authTokens.id, id), eq(authTokens.userId, userId)))
    .returning({ id: authTokens.id });
  return rows.length > 0;
}

export async function deleteOtherSessions(db: Database, userId: string, keepId: string) {
  const rows = await db
    .delete(authTokens)
    .where(and(eq(authTokens.userId, userId), ne(authTokens.id, keepId)))
    .returning({ id: authTokens.id });
  return rows.length;
}

export async function setReauthUntil(db: Database, sessionId: string, until: Date) {
  await db.update(authTokens).set({ reauthUntil: until }).where(eq(authTokens.id, sessionId));
}

export async function findReauthUntil(db: Database, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ until: authTokens.reauthUntil })
    .from(authTokens)
    .where(eq(authTokens.id, sessionId));
  return row?.until ?? null;
}

export async function findTotp(
  db: Database,
  userId: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db.select().from(totpCredentials).where(eq(totpCredentials.userId, userId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/** A new setup replaces any earlier one (set up, not yet confirmed, or in use). */
export async function savePendingTotp(db: Database, userId: string, secret: string) {
  await db
    .insert(totpCredentials)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: totpCredentials.userId,
      set: { secret, enabledAt: null, lastStep: null, failures: 0, lockedUntil: null },
    });
}

export async function updateTotp(
  db: Database,
  userId: string,
  values: Partial<Pick<TotpRow, 'enabledAt' | 'lastStep' | 'failures' | 'lockedUntil'>>,
) {
  await db.update(totpCredentials).set(values).where(eq(totpCredentials.userId, userId));
}

export async function deleteTotp(db: Database, userId: string) {
  await db.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(db: Database, userId: string, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses an unused code of the member, atomically; whether there was one. */
export async function useRecoveryCode(db: Database, userId: string, codeHash: string) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countRecoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export function listPasskeys(db: Database, userId: string) {
  return db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function findPasskeyByCredential(db: Database, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}

export async function insertPasskey(
  db: Database,
  values: Pick<
    PasskeyRow,
    'userId' | 'credentialId' | 'publicKey' | 'signCount' | 'transports' | 'name'
  >,
): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function markPasskeyUsed(db: Database, id: string, signCount: number) {
  await db
    .update(passkeys)
    .set({ signCount, lastUsedAt: sql`now()` })
    .where(eq(passkeys.id, id));
}

export async function deleteOwnPasskey(db: Database, userId: string, id: string) {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id, name: passkeys.name });
  return rows[0] ?? null;
}

export async function insertChallenge(
  db: Database,
  values: Pick<ChallengeRow, 'purpose' | 'key' | 'userId' | 'data' | 'expiresAt'>,
  now: Date,
) {
  await db.insert(authChallenges).values(values);
  // Expired ones go as new ones come (an hour late, by the app's clock): the table stays small
  // without a worker.
  const stale = new Date(now.getTime() - 60 * 60 * 1000);
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, stale));
}

/** Takes a live challenge away, atomically: of two uses, one gets it. */
export async function takeChallenge(
  db: Database,
  purpose: string,
  key: string,
  now: Date,
): Promise<ChallengeRow | null> {
  const [row] = await db
    .delete(authChallenges)
    .where(
      and(
        eq(authChallenges.purpose, purpose),
        eq(authChallenges.key, key),
        gt(authChallenges.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** A live challenge, locked, without taking it (a second step may be tried again). */
export async function findChallengeForUpdate(db: Database, purpose: string, key: string) {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(and(eq(authChallenges.purpose, purpose), eq(authChallenges.key, key)))
    .for('update');
  return row ?? null;
}

export async function countChallengeAttempt(db: Database, id: string) {
  await db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(eq(authChallenges.id, id));
}

export async function deleteChallenge(db: Database, id: string) {
  await db.delete(authChallenges).where(eq(authChallenges.id, id));
}

/** Records the device; whether it was new to the member, and whether the member had others. */
export async function rememberDevice(db: Database, userId: string, deviceHash: string | null) {
  const [known] = await db
    .select({ n: count() })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId));
  if (deviceHash === null) return { isNew: true, hadOthers: (known?.n ?? 0) > 0 };
  const inserted = await db
    .insert(knownDevices)
    .values({ userId, deviceHash })
    .onConflictDoNothing()
    .returning({ userId: knownDevices.userId });
  return { isNew: inserted.length > 0, hadOthers: (known?.n ?? 0) > 0 };
}
