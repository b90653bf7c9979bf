import { and, asc, count, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { wordMutes } from '../../db/schema/index.js';

/** The only queries of word mutes (docs/search.md#word-mutes). */

export type WordMuteRow = typeof wordMutes.$inferSelect;

/** The member's mutes that have not expired at `now`, oldest first. */
export function findActive(db: Database, userId: string, now: Date): Promise<WordMuteRow[]> {
  return db
    .select()
    .from(wordMutes)
    .where(
      and(
        eq(wordMutes.userId, userId),
        or(isNull(wordMutes.expiresAt), gt(wordMutes.expiresAt, now)),
      ),
    )
    .orderBy(asc(wordMutes.createdAt), asc(wordMutes.id));
}

/** Drops the member's expired mutes (they apply no more; the list shows only live ones). */
export async function deleteExpired(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .delete(wordMutes)
    .where(and(eq(wordMutes.userId, userId), lte(wordMutes.expiresAt, now)));
}

export async function countOf(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(wordMutes).where(eq(wordMutes.userId, userId));
  return row?.n ?? 0;
}

/** The mute, or null when the member already mutes that folded phrase. */
export async function insert(
  db: Database,
  values: typeof wordMutes.$inferInsert,
): Promise<WordMuteRow | null> {
  const [row] = await db
    .insert(wordMutes)
    .values(values)
    .onConflictDoUpdate({
      target: [wordMutes.userId, wordMutes.folded],
      set: { phrase: values.phrase, mode: values.mode, expiresAt: values.expiresAt ?? null },
    })
    .returning();
  return row ?? null;
}

export async function remove(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(wordMutes)
    .where(and(eq(wordMutes.id, id), eq(wordMutes.userId, userId)))
    .returning({ id: wordMutes.id });
  return rows.length > 0;
}
