import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { mailTokens, users } from '../../db/schema/index.js';

/**
 * Queries for unsubscribe links (docs/conventions.md#api-modules: Drizzle stays in repositories).
 */

export async function insertUnsubscribeToken(
  db: Database,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(mailTokens).values({ ...values, purpose: 'unsubscribe' });
}

/**
 * Turns notices off for the token's owner. A link may be used more than once (a second
 * click, or a mail client's one-click POST after the page): it stays valid until it expires.
 */
export async function optOutByToken(db: Database, tokenHash: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [token] = await tx
      .update(mailTokens)
      .set({ usedAt: sql`coalesce(${mailTokens.usedAt}, now())` })
      .where(
        and(
          eq(mailTokens.tokenHash, tokenHash),
          eq(mailTokens.purpose, 'unsubscribe'),
          gt(mailTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: mailTokens.userId });
    if (!token) return null;
    const [user] = await tx
      .update(users)
      .set({ mailOptIn: false, updatedAt: sql`now()` })
      .where(eq(users.id, token.userId))
      .returning({ email: users.email });
    return user?.email ?? null;
  });
}
