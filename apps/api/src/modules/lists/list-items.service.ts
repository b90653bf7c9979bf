import {
  LIST_ITEMS_MAX,
  type ListContaining,
  type ListItem,
  type ListItems,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import {
  isForeignKeyViolation,
  isUniqueViolation,
  retryTransientConflicts,
} from '../../lib/db-errors.js';
import { conflict, notFound, validationFailed } from '../../lib/http-error.js';
import { hiddenFrom } from '../blocks/blocks.service.js';
import { lockOwnList, visibleTo, type ListsDeps } from './list-access.js';
import { checkNewOrder } from './list-order.js';
import * as itemRepository from './list-items.repository.js';
import * as repository from './lists.repository.js';
import { LIST_MESSAGES as M } from './lists.messages.js';

/**
 * The items of a list (docs/lists.md): stations and posts in the owner's order, numbered 1…n.
 * Every change locks the list first (list-access.ts), so positions stay dense and the limits
 * exact under concurrent requests.
 */

function toItem(row: itemRepository.ItemViewRow, position = row.rank): ListItem {
  const { item, station, post } = row;
  const base = {
    id: item.id,
    position,
    note: item.note,
    created_at: item.createdAt.toISOString(),
  };
  if (station && station.id !== null) {
    return {
      ...base,
      station: {
        id: station.id,
        name: station.name ?? '',
        prefecture_name: station.prefectureName ?? '',
        closed: station.closed ?? false,
      },
      post: null,
      lat: station.lat,
      lng: station.lng,
    };
  }
  if (!post || post.id === null) throw new Error(`list item ${item.id} points at nothing`);
  // Where a post sits on the map: its own place, else its parent's, else its station's.
  const lat = post.lat ?? row.postParentLat ?? row.postStationLat;
  const lng = post.lng ?? row.postParentLng ?? row.postStationLng;
  return {
    ...base,
    station: null,
    post: {
      id: post.id,
      kind: post.kind,
      title: post.title,
      body: post.body,
      user: { id: post.userId, name: row.postAuthorName ?? '', avatar: row.postAuthorAvatar },
      station:
        post.stationGroupId !== null && row.postStationName !== null
          ? { id: post.stationGroupId, name: row.postStationName }
          : null,
      parent:
        post.parentPostId !== null && row.postParentTitle !== null
          ? { id: post.parentPostId, title: row.postParentTitle }
          : null,
      image:
        row.imageId !== null && row.imageWidth !== null && row.imageHeight !== null
          ? { id: row.imageId, width: row.imageWidth, height: row.imageHeight }
          : null,
      starts_at: post.startsAt?.toISOString() ?? null,
      ends_at: post.endsAt?.toISOString() ?? null,
    },
    lat: lat ?? null,
    lng: lng ?? null,
  };
}

/**
 * Every item of a list the viewer may see, in order, numbered 1…n. Nobody, the owner included,
 * is shown posts a moderator took out of their sight (docs/moderation.md#hidden-items). The
 * owner sees all the others (the editor and the whole-order rule need them). Anyone else
 * misses the posts of members they blocked or muted (docs/people.md#blocks), as in every
 * other post list; the rest keep their order and are numbered without the gap.
 */
export async function listItems(
  deps: ListsDeps,
  listId: string,
  viewerId: string | null,
): Promise<ListItems> {
  const list = await repository.findList(deps.db, listId, { reader: viewerId });
  if (!list || !visibleTo(list, viewerId)) throw notFound(M.notFound);
  const rows = await itemRepository.findItemViews(deps.db, listId, viewerId);
  if (list.userId === viewerId) return { items: rows.map((row) => toItem(row)) };
  const authorOf = (row: itemRepository.ItemViewRow) => row.post?.userId ?? null;
  const hidden = await hiddenFrom(
    deps.db,
    viewerId,
    rows.map(authorOf).filter((id) => id !== null),
  );
  const shown = rows.filter((row) => !hidden.has(authorOf(row) ?? ''));
  return { items: shown.map((row, index) => toItem(row, index + 1)) };
}

async function findItemView(db: Database, listId: string, itemId: string, userId: string) {
  const rows = await itemRepository.findItemViews(db, listId, userId);
  const row = rows.find((candidate) => candidate.item.id === itemId);
  if (!row) throw notFound(M.itemNotFound);
  return toItem(row);
}

/**
 * Adds a station or a post at the end. A target already in the list is a 409 (the unique
 * index decides, so two adds at once cannot both pass); the list holds at most 500 items.
 */
export async function addItem(
  deps: ListsDeps,
  userId: string,
  listId: string,
  body: { station_group_id?: number; post_id?: string; note: string },
): Promise<ListItem> {
  const itemId = await deps.db.transaction(async (tx) => {
    const list = await lockOwnList(tx, listId, userId);
    if (list.itemCount >= LIST_ITEMS_MAX)
      throw validationFailed({ list: [M.tooManyItems] }, M.tooManyItems);
    if (body.station_group_id !== undefined) {
      if (!(await itemRepository.stationGroupExists(tx, body.station_group_id)))
        throw validationFailed({ station_group_id: [M.stationNotFound] });
    } else if (body.post_id !== undefined) {
      if (!(await itemRepository.postExists(tx, body.post_id, userId)))
        throw validationFailed({ post_id: [M.postNotFound] });
    }
    const id = await insertItem(tx, {
      listId,
      stationGroupId: body.station_group_id ?? null,
      postId: body.post_id ?? null,
      note: body.note,
    });
    await repository.touchList(tx, listId);
    return id;
  });
  return findItemView(deps.db, listId, itemId, userId);
}

/** The insert in a savepoint, so a refusal by an index becomes its own answer. */
async function insertItem(db: Database, values: Parameters<typeof itemRepository.appendItem>[1]) {
  try {
    return await db.transaction((savepoint) => itemRepository.appendItem(savepoint, values));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(M.alreadyInList);
    // The post was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw validationFailed({ post_id: [M.postNotFound] });
    throw error;
  }
}

export async function updateItem(
  deps: ListsDeps,
  userId: string,
  listId: string,
  itemId: string,
  note: string,
): Promise<ListItem> {
  await deps.db.transaction(async (tx) => {
    await lockOwnList(tx, listId, userId);
    if (!(await itemRepository.findItem(tx, listId, itemId))) throw notFound(M.itemNotFound);
    await itemRepository.updateItemNote(tx, itemId, note);
    await repository.touchList(tx, listId);
  });
  return findItemView(deps.db, listId, itemId, userId);
}

/** Removes an item; the ones after it move up, so positions stay 1…n. */
export async function removeItem(
  deps: ListsDeps,
  userId: string,
  listId: string,
  itemId: string,
): Promise<void> {
  await retryTransientConflicts(() =>
    deps.db.transaction(async (tx) => {
      await lockOwnList(tx, listId, userId);
      if (!(await itemRepository.findItem(tx, listId, itemId))) throw notFound(M.itemNotFound);
      await itemRepository.deleteItem(tx, itemId);
      const rest = await itemRepository.findItemIds(tx, listId);
      await itemRepository.writeOrder(
        tx,
        listId,
        rest.map((item) => item.id),
      );
      await repository.touchList(tx, listId);
    }),
  );
}

const ORDER_MESSAGES = {
  duplicate: M.orderDuplicate,
  unknown: M.orderUnknown,
  missing: M.orderMissing,
} as const;

/**
 * Replaces the whole order; it must name exactly the list's items the owner sees (list-order.ts).
 * Posts hidden from them (docs/moderation.md#hidden-items) keep their places among the rest.
 */
export async function reorderItems(
  deps: ListsDeps,
  userId: string,
  listId: string,
  itemIds: readonly string[],
): Promise<ListItems> {
  await retryTransientConflicts(() =>
    deps.db.transaction(async (tx) => {
      await lockOwnList(tx, listId, userId);
      const current = await itemRepository.findItemIds(tx, listId, userId);
      const shownIds = current.filter((item) => item.shown).map((item) => item.id);
      const problem = checkNewOrder(shownIds, itemIds);
      if (problem) throw validationFailed({ item_ids: [ORDER_MESSAGES[problem]] });
      const next = [...itemIds];
      const order = current.map((item) => (item.shown ? next.shift()! : item.id));
      await itemRepository.writeOrder(tx, listId, order);
      await repository.touchList(tx, listId);
    }),
  );
  return listItems(deps, listId, userId);
}

/** For the add-to-list menu: the member's lists and, per list, the item holding the target. */
export async function listContaining(
  deps: ListsDeps,
  userId: string,
  target: { station_group_id?: number; post_id?: string },
): Promise<ListContaining> {
  const rows = await repository.findContaining(deps.db, userId, {
    ...(target.station_group_id !== undefined && { stationGroupId: target.station_group_id }),
    ...(target.post_id !== undefined && { postId: target.post_id }),
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      is_public: row.isPublic,
      item_count: row.itemCount,
      item_id: row.itemId,
    })),
  };
}
