import type { Database } from '../../db/database.js';
import { parentKindError } from './post-rules.js';
import * as removal from './post-removal.repository.js';
import type { LinkRow } from './post-removal.repository.js';
import { recordEvent } from '../effects/effects.service.js';

/**
 * Taking posts away touches only the member's own content. Other members' photos and events
 * attached to a removed post stay: each moves to the nearest remaining post above it that
 * may hold it, or else stands alone at the station and place it sat at, so it still meets
 * its kind's rules (an event keeps the spot's place on the map).
 */

type Point = { lat: number; lng: number };

const pointOf = (row: LinkRow): Point | null =>
  row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null;

/** Every post above the given ones, loaded a level at a time (chains are at most 3 deep). */
async function loadAncestors(db: Database, startIds: readonly string[]) {
  const known = new Map<string, LinkRow>();
  let frontier = [...new Set(startIds)];
  while (frontier.length > 0) {
    const rows = await removal.findLinkRows(db, frontier);
    for (const row of rows) known.set(row.id, row);
    frontier = rows
      .map((row) => row.parentPostId)
      .filter((id): id is string => id !== null && !known.has(id));
  }
  return known;
}

/** Where an attached post goes when the posts in `removed` are taken away. */
function relink(orphan: LinkRow, removed: ReadonlySet<string>, known: Map<string, LinkRow>) {
  let station: number | null = null;
  let point: Point | null = null;
  let node = orphan.parentPostId ? known.get(orphan.parentPostId) : undefined;
  while (node && removed.has(node.id)) {
    station ??= node.stationGroupId;
    point ??= pointOf(node);
    node = node.parentPostId ? known.get(node.parentPostId) : undefined;
  }
  if (node && parentKindError(orphan.kind, node.kind) === null) {
    return {
      parentPostId: node.id,
      stationGroupId: orphan.stationGroupId,
      lat: orphan.lat,
      lng: orphan.lng,
    };
  }
  const stationGroupId = orphan.stationGroupId ?? station;
  const own = pointOf(orphan);
  const place = own ?? (orphan.kind === 'event' || stationGroupId === null ? point : null);
  return {
    parentPostId: null,
    stationGroupId,
    lat: place?.lat ?? null,
    lng: place?.lng ?? null,
  };
}

/** Moves other members' posts out from under `removedIds` (all owned by `ownerId`). */
export async function keepOthersAttachedPosts(
  db: Database,
  ownerId: string,
  removedIds: readonly string[],
): Promise<void> {
  const orphans = await removal.findOthersChildren(db, ownerId, removedIds);
  if (orphans.length === 0) return;
  const known = await loadAncestors(
    db,
    orphans.map((orphan) => orphan.parentPostId as string),
  );
  const removed = new Set(removedIds);
  for (const orphan of orphans) {
    await removal.updateLink(db, orphan.id, relink(orphan, removed, known));
  }
}

/**
 * Prepares a post's deletion: the owner's posts attached below it go with it (by cascade),
 * others' are kept. Hands back the posts that go and their photos.
 */
export async function prepareOwnPostRemoval(
  db: Database,
  ownerId: string,
  postId: string,
): Promise<{ postIds: string[]; imageIds: string[] }> {
  const postIds = await removal.findOwnPostTreeIds(db, ownerId, postId);
  await keepOthersAttachedPosts(db, ownerId, postIds);
  return { postIds, imageIds: await removal.findImageIdsOfPosts(db, postIds) };
}

/**
 * Prepares a member's leaving, in the deletion's transaction (account.service.ts): records
 * that they left while what they did can still be read, keeps others' posts attached to
 * theirs, and takes the member's likes, wants and comments out of the counters of the posts
 * that remain.
 */
export async function prepareMemberRemoval(db: Database, userId: string): Promise<void> {
  await recordEvent(db, { type: 'member-left', userId });
  await keepOthersAttachedPosts(db, userId, await removal.findPostIdsOf(db, userId));
  await removal.subtractReactionsOf(db, userId);
}
