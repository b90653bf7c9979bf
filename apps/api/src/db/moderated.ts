import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { users } from './schema/index.js';

/**
 * What moderators took out of sight (docs/moderation.md#hidden-items), as SQL the reading
 * queries add: an item a moderator hid, and everything of a suspended member, is seen by
 * nobody but (for a hidden item) its author.
 *
 * Suspended members are one uncorrelated subquery over a partial index (users_suspended_idx),
 * read once per query like the block and mute lists (db/related-members.ts).
 */

/** Members suspended now. */
export const suspendedMemberIds = (): SQL =>
  sql`select ${users.id} from ${users} where ${users.suspendedUntil} is not null and ${users.suspendedUntil} > now()`;

/** `column` (a member id, never null) is not a suspended member. */
export function notSuspended(column: SQLWrapper): SQL {
  return sql`${column} not in (${suspendedMemberIds()})`;
}

/** An item table with a moderator's hide and an author. */
export interface Moderatable {
  hiddenAt: SQLWrapper;
  userId: SQLWrapper;
}

/**
 * The item is shown to `viewer` (a member id, null for a visitor): it is neither hidden nor by a
 * suspended member, or it is the viewer's own hidden item.
 */
export function shownTo(item: Moderatable, viewer: string | null | SQLWrapper): SQL {
  const inSight = sql`(${item.hiddenAt} is null and ${notSuspended(item.userId)})`;
  if (viewer === null) return inSight;
  const id = typeof viewer === 'string' ? sql`${viewer}::uuid` : viewer;
  return sql`(${inSight} or ${item.userId} = ${id})`;
}

/** The item is shown to everyone (sitemaps, share pages, rankings, counts that all see). */
export function shownToAll(item: Moderatable): SQL {
  return shownTo(item, null);
}

/**
 * A suspension for good ends on this day: a date every driver reads back as a Date, where
 * 'infinity' would come back as a number or an invalid date.
 */
export const SUSPENDED_FOR_GOOD = new Date('9999-12-31T00:00:00.000Z');

/** A suspension's end as the API shows it: an ISO time, or null for good (or none). */
export function suspensionEnd(until: Date | null): string | null {
  if (!until || until.getTime() >= SUSPENDED_FOR_GOOD.getTime()) return null;
  return until.toISOString();
}
