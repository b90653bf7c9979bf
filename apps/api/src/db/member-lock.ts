import { inArray } from 'drizzle-orm';
import type { Database } from './database.js';
import { users } from './schema/index.js';

/**
 * The one lock on members' rows, held for the rest of the transaction, so actions that a rule
 * about the members decides run one at a time: two sent at once cannot both pass the stamp
 * speed rule or the list limit, and a follow's counters always equal its rows. Rows are locked
 * in id order, so A following B while B follows A cannot deadlock. `no key update` still lets
 * other transactions insert rows that only reference the members (follows, likes), which take
 * a key-share lock. Returns the ids that exist.
 */
export async function lockMembers(db: Database, ids: readonly string[]): Promise<string[]> {
  const sorted = [...new Set(ids)].sort();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, sorted))
    .orderBy(users.id)
    .for('no key update');
  return rows.map((row) => row.id);
}

/** Locks one member's row (`lockMembers`); false when the member is gone. */
export async function lockMember(db: Database, userId: string): Promise<boolean> {
  return (await lockMembers(db, [userId])).length > 0;
}
