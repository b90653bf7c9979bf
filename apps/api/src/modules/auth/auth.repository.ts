import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { authTokens, mailTokens, registrationBlocks, users } from '../../db/schema/index.js';

/** The only place with Drizzle queries for accounts, sessions and mail tokens. */

export type UserRow = typeof users.$inferSelect;
export type MailTokenPurpose = (typeof mailTokens.$inferSelect)['purpose'];

export async function findUserByEmail(
  db: Database,
  email: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow | null> {
  const query = db.select().from(users).where(eq(users.email, email));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findUserById(
  db: Database,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<UserRow | null> {
  const query = db.select().from(users).where(eq(users.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertUser(
  db: Database,
  values: { name: string; email: string; passwordHash: string },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUser(
  db: Database,
  id: string,
  values: Partial<
    Pick<
      UserRow,
      'name' | 'bio' | 'avatarImageId' | 'email' | 'emailVerifiedAt' | 'passwordHash' | 'mailOptIn'
    >
  >,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function deleteUser(db: Database, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export async function insertSession(
  db: Database,
  values: { userId: string; tokenHash: string; userAgent: string | null; expiresAt: Date },
) {
  await db.insert(authTokens).values(values);
}

/** The session and its user, if the token is known and unexpired. */
/** Every member request reads its session: built once (db/prepared.ts). */
const preparedSession = preparedPerDatabase((db) =>
  db
    .select({ session: authTokens, user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('tokenHash')),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .prepare('find_session'),
);

export async function findSession(db: Database, tokenHash: string) {
  const [row] = await preparedSession(db).execute({ tokenHash });
  return row ?? null;
}

export async function touchSession(db: Database, id: string) {
  await db
    .update(authTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(authTokens.id, id));
}

export async function sessionIsOpen(db: Database, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(and(eq(authTokens.id, sessionId), gt(authTokens.expiresAt, sql`now()`)));
  return row !== undefined;
}

export async function deleteSession(db: Database, tokenHash: string) {
  await db.delete(authTokens).where(eq(authTokens.tokenHash, tokenHash));
}

/** Revokes every session of a user, or every one but `keepId`. */
export async function deleteSessionsOf(db: Database, userId: string, keepId?: string) {
  await db
    .delete(authTokens)
    .where(
      keepId
        ? and(eq(authTokens.userId, userId), ne(authTokens.id, keepId))
        : eq(authTokens.userId, userId),
    );
}

export async function insertMailToken(
  db: Database,
  values: {
    userId: string;
    purpose: MailTokenPurpose;
    tokenHash: string;
    expiresAt: Date;
    newEmail?: string;
  },
) {
  await db.insert(mailTokens).values(values);
}

/**
 * Marks an unused, unexpired token used and returns it, atomically: of two concurrent
 * uses of one link, only one succeeds.
 */
export async function consumeMailToken(db: Database, purpose: MailTokenPurpose, tokenHash: string) {
  const [row] = await db
    .update(mailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mailTokens.tokenHash, tokenHash),
        eq(mailTokens.purpose, purpose),
        isNull(mailTokens.usedAt),
        gt(mailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

/** Older links of the same kind stop working when a new one is sent. */
export async function expireMailTokens(db: Database, userId: string, purpose: MailTokenPurpose) {
  await db
    .update(mailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mailTokens.userId, userId),
        eq(mailTokens.purpose, purpose),
        isNull(mailTokens.usedAt),
      ),
    );
}

/**
 * A confirmation link and its account, without using the link: whether the link is still live
 * (unused, unexpired) and whether the account is confirmed.
 */
export async function findVerificationLink(db: Database, tokenHash: string) {
  const [row] = await db
    .select({
      name: users.name,
      live: sql<boolean>`${mailTokens.usedAt} is null and ${mailTokens.expiresAt} > now()`,
      confirmed: sql<boolean>`${users.emailVerifiedAt} is not null`,
    })
    .from(mailTokens)
    .innerJoin(users, eq(users.id, mailTokens.userId))
    .where(and(eq(mailTokens.tokenHash, tokenHash), eq(mailTokens.purpose, 'verify_email')));
  return row ?? null;
}

export async function blockRegistration(db: Database, addressHash: string, until: Date) {
  await db
    .insert(registrationBlocks)
    .values({ addressHash, until })
    .onConflictDoUpdate({ target: registrationBlocks.addressHash, set: { until } });
}

export async function isRegistrationBlocked(db: Database, addressHash: string): Promise<boolean> {
  const [row] = await db
    .select({ until: registrationBlocks.until })
    .from(registrationBlocks)
    .where(
      and(
        eq(registrationBlocks.addressHash, addressHash),
        gt(registrationBlocks.until, sql`now()`),
      ),
    );
  return row !== undefined;
}
