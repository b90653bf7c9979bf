import {
  NOTIFICATION_ACTORS_SHOWN,
  postDisplayTitle,
  type NotificationGroup,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { suspensionEnd } from '../../db/moderated.js';
import * as targets from './notification-targets.repository.js';
import type * as repository from './notifications.repository.js';

/** The notification list as the API shows it (docs/notifications.md#grouping). */

/** Actors, posts and stations of a whole page in three queries (no N+1). */
export async function presentGroups(
  db: Database,
  rows: repository.GroupRow[],
  userId: string,
): Promise<NotificationGroup[]> {
  const notices = rows.filter((row) => row.type === 'moderation');
  const [actors, postRows, stations, decisions] = await Promise.all([
    targets.findActors(db, [
      ...new Set(rows.flatMap((row) => (row.type === 'moderation' ? [] : row.actorIds))),
    ]),
    targets.findPostTargets(
      db,
      [...new Set(rows.flatMap((row) => (row.postId ? [row.postId] : [])))],
      userId,
    ),
    targets.findStationTargets(db, [
      ...new Set(rows.flatMap((row) => (row.stationGroupId !== null ? [row.stationGroupId] : []))),
    ]),
    targets.findModerationTargets(db, [...new Set(notices.map((row) => row.targetKey))]),
  ]);
  const decisionById = new Map(decisions.map((decision) => [decision.id, decision]));
  const actorById = new Map(actors.map((actor) => [actor.id, actor]));
  // A post is named as it is shown: an untitled photo as 「東京駅の写真」, not 「写真」.
  const postById = new Map(
    postRows.map((post) => [
      post.id,
      {
        id: post.id,
        kind: post.kind,
        title: postDisplayTitle({
          kind: post.kind,
          title: post.title,
          station: post.stationName === null ? null : { name: post.stationName },
          parent: post.parentTitle === null ? null : { title: post.parentTitle },
        }),
      },
    ]),
  );
  const stationById = new Map(stations.map((station) => [station.id, station]));
  return rows.map((row) => ({
    id: row.latestId,
    ids: row.ids,
    type: row.type,
    target: {
      post: (row.postId && postById.get(row.postId)) || null,
      comment_id: row.commentId,
      station: (row.stationGroupId !== null && stationById.get(row.stationGroupId)) || null,
    },
    // A notice from the operators names no member (the actor is the recipient themself).
    actors:
      row.type === 'moderation'
        ? []
        : row.actorIds.slice(0, NOTIFICATION_ACTORS_SHOWN).flatMap((id) => {
            const actor = actorById.get(id);
            return actor ? [actor] : [];
          }),
    actor_count: row.type === 'moderation' ? 0 : row.actorCount,
    latest_at: row.latestAt.toISOString(),
    read: row.read,
    ...(row.type === 'moderation' && {
      moderation: presentDecision(decisionById.get(row.targetKey), userId),
    }),
  }));
}

function presentDecision(
  decision: Awaited<ReturnType<typeof targets.findModerationTargets>>[number] | undefined,
  recipientId: string,
): NotificationGroup['moderation'] {
  if (!decision) return undefined;
  const author = decision.targetOwnerId === recipientId;
  return {
    action: decision.action,
    role: author ? 'author' : 'reporter',
    target_kind: decision.targetKind,
    // The reason is the author's to read; reporters learn the outcome only.
    reason: author ? decision.reason : null,
    suspended_until: suspensionEnd(decision.suspendedUntil),
  };
}
