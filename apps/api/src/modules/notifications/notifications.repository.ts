import { and, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { descending } from '../../db/order.js';
import { notificationInSight } from '../../db/moderated.js';
import { notRelatedTo } from '../../db/related-members.js';
import {
  comments,
  notificationGroups,
  notificationPreferences,
  notifications,
  posts,
  users,
} from '../../db/schema/index.js';
import type { PageKey } from '../../lib/page-cursor.js';

/**
 * Drizzle queries for notifications (docs/conventions.md#api-modules); the live stream's reads
 * are in notification-stream.repository.ts, the worker's in notification-jobs.repository.ts.
 */

export type NotificationType = (typeof notifications.$inferSelect)['type'];

/** A UUIDv7 made in SQL (PostgreSQL 15 has no uuidv7()), so a fan-out is one statement. */
const UUID_V7 = sql`encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3) from 1 for 6), 52, 1), 53, 1), 'hex')::uuid`;

const micros = (column: SQLWrapper) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

export interface NotificationValues {
  type: NotificationType;
  actorId: string;
  /** The post's id, or '' when the member themself is the target (follow). */
  targetKey: string;
  postId: string | null;
  commentId: string | null;
  stationGroupId: number | null;
}

/** Members who never hear from the actor: themself, either side of a block, and muters. */
function mayHearFrom(recipient: SQL, actorId: string): SQL {
  return sql`${recipient} <> ${actorId}::uuid
    and ${notRelatedTo(recipient, actorId, ['blocked', 'blockedBy', 'mutedBy'])}`;
}

/**
 * Writes one notification for each member `recipients` (a query of one `user_id` column)
 * selects, leaving out who may not hear from the actor. A repeat of the same actor, type and
 * target changes nothing, unless `refresh` (a new comment): then the row counts as new and
 * unread again. The mail digest's due time is set for members who want this type by mail.
 * Returns the rows written (their member and id).
 */
export async function insertForRecipients(
  db: Database,
  recipients: SQL,
  values: NotificationValues,
  options: {
    refresh: boolean;
    mailDefaults: readonly string[];
    mailDelaySeconds: number;
    /**
     * From the operators (a moderator's decision): each recipient is the row's actor, as
     * moderators are not named to members, and no block or mute stands in the way.
     */
    fromOperators?: boolean;
  },
): Promise<{ userId: string; id: string }[]> {
  const actor = options.fromOperators ? sql`r.user_id` : sql`${values.actorId}::uuid`;
  const heard = options.fromOperators ? sql`true` : mayHearFrom(sql`r.user_id`, values.actorId);
  const defaults = sql`array[${sql.join(
    options.mailDefaults.map((type) => sql`${type}`),
    sql`, `,
  )}]::text[]`;
  // Columns in the table's order (db/schema/notifications.ts), as an insert … select needs.
  const select = sql`select ${UUID_V7}, nextval(pg_get_serial_sequence('notifications', 'seq')),
      r.user_id, ${actor}, ${values.type}::notification_type, ${values.targetKey},
      ${values.postId}::uuid, ${values.commentId}::uuid, ${values.stationGroupId}::integer, null,
      case when u.mail_opt_in and u.email_verified_at is not null
        and ${values.type} = any(coalesce(p.mail_types, ${defaults}))
        then now() + make_interval(secs => ${options.mailDelaySeconds}) end,
      now(), pg_current_xact_id()
    from (${recipients}) as r(user_id)
    join ${users} as u on u.id = r.user_id
    left join ${notificationPreferences} as p on p.user_id = r.user_id
    where ${heard}`;
  const target = [
    notifications.userId,
    notifications.type,
    notifications.targetKey,
    notifications.actorId,
  ];
  const insert = db.insert(notifications).select(select);
  return (
    options.refresh
      ? insert.onConflictDoUpdate({
          target,
          set: {
            commentId: sql`excluded.comment_id`,
            seq: sql`excluded.seq`,
            xact: sql`excluded.xact`,
            readAt: null,
            createdAt: sql`now()`,
            mailDueAt: sql`coalesce(${notifications.mailDueAt}, excluded.mail_due_at)`,
          },
        })
      : insert.onConflictDoNothing({ target })
  ).returning({ userId: notifications.userId, id: notifications.id });
}

/** The recipient alone, as a recipients query. */
export const oneRecipient = (userId: string) => sql`select ${userId}::uuid`;

/** These members, as a recipients query. */
export const recipientsOf = (userIds: readonly string[]) =>
  sql`select unnest(${`{${userIds.join(',')}}`}::uuid[])`;

/** Members who commented on the post, except its owner (they get `comment`). */
export const otherCommenters = (postId: string, ownerId: string) =>
  sql`select distinct ${comments.userId} from ${comments} where ${comments.postId} = ${postId}::uuid and ${comments.userId} <> ${ownerId}::uuid`;

/** Removes the unread notification of an undone action; a read one stays as history. */
export async function deleteUnread(
  db: Database,
  key: { userId: string; actorId: string; type: NotificationType; targetKey: string },
): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, key.userId),
        eq(notifications.actorId, key.actorId),
        eq(notifications.type, key.type),
        eq(notifications.targetKey, key.targetKey),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Members holding notifications about these comments (to tell their streams they went). */
export async function findRecipientsOfComment(db: Database, commentId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.commentId, commentId));
  return rows.map((row) => row.userId);
}

/**
 * Members holding notifications about a post, a comment or a member (by them, or about their
 * posts and comments): whose counts a moderator's hide, restore or suspension changes.
 */
export async function findRecipientsAbout(
  db: Database,
  target: { kind: string; id: string },
): Promise<string[]> {
  const n = notifications;
  const about =
    target.kind === 'post'
      ? sql`${n.postId} = ${target.id}::uuid`
      : target.kind === 'comment'
        ? sql`${n.commentId} = ${target.id}::uuid`
        : target.kind === 'user'
          ? sql`(${n.actorId} = ${target.id}::uuid
            or ${n.postId} in (select ${posts.id} from ${posts} where ${posts.userId} = ${target.id}::uuid)
            or ${n.commentId} in (select ${comments.id} from ${comments} where ${comments.userId} = ${target.id}::uuid))`
          : null;
  if (!about) return [];
  const rows = await db.selectDistinct({ userId: n.userId }).from(n).where(about);
  return rows.map((row) => row.userId);
}

/**
 * The member's notifications they see: not from members they blocked or muted since, and in
 * sight by the moderators' rule (a suspended actor, a hidden post or comment: db/moderated.ts).
 */
export const visibleTo = (userId: string) =>
  sql`${notifications.userId} = ${userId}::uuid
    and ${notRelatedTo(notifications.actorId, userId, ['blocked', 'muted'])}
    and ${notificationInSight(notifications)}`;

export interface GroupRow {
  type: NotificationType;
  targetKey: string;
  latestId: string;
  latestMicros: string;
  latestAt: Date;
  ids: string[];
  actorIds: string[];
  actorCount: number;
  read: boolean;
  postId: string | null;
  commentId: string | null;
  stationGroupId: number | null;
}

const g = notificationGroups;
/** A page of groups, first or after a cursor (`after` / `afterId` placeholders). */
const prepareGroupPage = (db: Database, afterCursor: boolean) =>
  db
    .select({
      type: g.type,
      targetKey: g.targetKey,
      latestId: g.latestId,
      latestAt: g.latestAt,
      latestMicros: micros(g.latestAt),
      ids: g.ids,
      actorIds: g.actorIds,
      actorCount: g.actorCount,
      read: g.read,
      postId: g.postId,
      commentId: g.commentId,
      stationGroupId: g.stationGroupId,
    })
    .from(g)
    .where(
      and(
        eq(g.userId, sql.placeholder('userId')),
        sql`${g.actorCount} > 0`,
        afterCursor
          ? sql`(${g.latestAt}, ${g.latestId}) < ((timestamptz 'epoch' + (${sql.placeholder('after')}::text || ' microseconds')::interval), ${sql.placeholder('afterId')}::uuid)`
          : undefined,
      ),
    )
    .orderBy(descending(g.latestAt), descending(g.latestId))
    .limit(sql.placeholder('limit'))
    .prepare(afterCursor ? 'notification_groups_after' : 'notification_groups_first');
const firstGroups = preparedPerDatabase((db) => prepareGroupPage(db, false));
const groupsAfter = preparedPerDatabase((db) => prepareGroupPage(db, true));

/**
 * A page of groups (type and target within one Japan day), newest group first, keyed by the
 * group's newest notification (time, id); `limit + 1` rows for paging. The groups are kept by
 * triggers (db/schema/notifications.ts `notificationGroups`), so a page is a walk of one index.
 * Every member's notification list reads it: built once (db/prepared.ts).
 */
export function findGroups(
  db: Database,
  userId: string,
  after: PageKey | null,
  limit: number,
): Promise<GroupRow[]> {
  return after
    ? groupsAfter(db).execute({ userId, after: after.micros, afterId: after.id, limit })
    : firstGroups(db).execute({ userId, limit });
}

/** Unread notifications from members the recipient has not blocked or muted: the groups' sum. */
export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`coalesce(sum(${notificationGroups.unreadCount}), 0)::int` })
    .from(notificationGroups)
    .where(and(eq(notificationGroups.userId, userId), sql`${notificationGroups.unreadCount} > 0`));
  return row?.value ?? 0;
}

/** Marks the member's own notifications read: these ids, or all of them. */
export async function markRead(
  db: Database,
  userId: string,
  ids: readonly string[] | null,
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()`, mailDueAt: null })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, [...ids]) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

export async function findMailTypes(db: Database, userId: string): Promise<string[] | null> {
  const [row] = await db
    .select({ mailTypes: notificationPreferences.mailTypes })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row?.mailTypes ?? null;
}

export async function saveMailTypes(db: Database, userId: string, mailTypes: string[]) {
  await db
    .insert(notificationPreferences)
    .values({ userId, mailTypes })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { mailTypes, updatedAt: sql`now()` },
    });
}
