import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { shownTo } from '../../db/moderated.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import { moderationActions, posts, stationGroups, users } from '../../db/schema/index.js';

/**
 * What a page of the notification list names: its actors, posts, stations and moderators'
 * decisions, a query each (docs/conventions.md#api-modules).
 */

/** The moderator actions that `moderation` notifications name (their target key). */
export async function findModerationTargets(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: moderationActions.id,
      action: moderationActions.action,
      targetKind: moderationActions.targetKind,
      targetOwnerId: moderationActions.targetOwnerId,
      reason: moderationActions.reason,
      suspendedUntil: moderationActions.suspendedUntil,
    })
    .from(moderationActions)
    .where(inArray(moderationActions.id, [...ids]));
}

const actorsByIds = preparedPerDatabase((db) =>
  db
    .select({ id: users.id, name: users.name, avatar: users.avatarImageId })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('notification_actors'),
);

export async function findActors(db: Database, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return actorsByIds(db).execute({ ids: [...ids] });
}

const parents = alias(posts, 'parents');
const viewer = sql`${sql.placeholder('viewer')}::uuid`;
const postTargetsByIds = preparedPerDatabase((db) =>
  db
    .select({
      id: posts.id,
      kind: posts.kind,
      title: posts.title,
      stationName: stationGroups.name,
      parentTitle: parents.title,
    })
    .from(posts)
    .leftJoin(stationGroups, eq(stationGroups.id, posts.stationGroupId))
    .leftJoin(parents, and(eq(parents.id, posts.parentPostId), shownTo(parents, viewer)))
    .where(and(sql`${posts.id} = any(${sql.placeholder('ids')}::uuid[])`, shownTo(posts, viewer)))
    .prepare('notification_post_targets'),
);

/**
 * The posts notifications are about, as `viewer` may see them (a moderator's notice about a
 * post hidden since names no post), with what names an untitled photo (its spot, station).
 */
export async function findPostTargets(db: Database, ids: readonly string[], viewer: string) {
  if (ids.length === 0) return [];
  return postTargetsByIds(db).execute({ ids: [...ids], viewer });
}

export async function findStationTargets(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: stationGroups.id, name: stationGroups.name })
    .from(stationGroups)
    .where(inArray(stationGroups.id, [...ids]));
}
