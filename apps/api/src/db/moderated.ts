import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { comments, follows, posts, users } from './schema/index.js';

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

/** The columns of a notification the rule reads (db/schema/notifications.ts). */
export interface NotificationColumns {
  type: SQLWrapper;
  userId: SQLWrapper;
  actorId: SQLWrapper;
  postId: SQLWrapper;
  commentId: SQLWrapper;
}

/**
 * The notification is in sight of its recipient (docs/moderation.md#hidden-items): its actor is
 * not suspended, and the post and comment it is about are shown to the recipient (so a member
 * keeps hearing about their own hidden post). A notice from the operators is always in sight:
 * its actor is the recipient, and what it says about a hidden post leaves out the post itself.
 * The list's groups count with the same rule, in SQL kept beside them
 * (migrations/0019_notifications_in_sight.sql); notification-groups.test.ts holds the two equal.
 */
export function notificationInSight(n: NotificationColumns): SQL {
  return sql`(${n.type} = 'moderation' or (${notSuspended(n.actorId)}
    and (${n.postId} is null or exists (select 1 from ${posts}
      where ${posts.id} = ${n.postId} and ${shownTo(posts, n.userId)}))
    and (${n.commentId} is null or exists (select 1 from ${comments}
      where ${comments.id} = ${n.commentId} and ${shownTo(comments, n.userId)}))))`;
}

/** Followers (of `member`, a users.id column) who are suspended: subtracted from the count. */
export function suspendedFollowersOf(member: SQLWrapper): SQL {
  return sql`(select count(*) from ${follows} as suspended_follow
    where suspended_follow.followee_id = ${member}
      and suspended_follow.follower_id in (${suspendedMemberIds()}))::int`;
}

/** Followees (of `member`) who are suspended. */
export function suspendedFolloweesOf(member: SQLWrapper): SQL {
  return sql`(select count(*) from ${follows} as suspended_follow
    where suspended_follow.follower_id = ${member}
      and suspended_follow.followee_id in (${suspendedMemberIds()}))::int`;
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
