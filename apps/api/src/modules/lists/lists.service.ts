import {
  LIST_ITEMS_MAX,
  LISTS_PER_MEMBER_MAX,
  type List,
  type ListContaining,
  type ListExportFormat,
  type ListItem,
  type ListItems,
  type ListPage,
  type ListUpdateBody,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import {
  isForeignKeyViolation,
  isUniqueViolation,
  retryTransientConflicts,
} from '../../lib/db-errors.js';
import {
  HttpError,
  conflict,
  forbidden,
  notFound,
  validationFailed,
} from '../../lib/http-error.js';
import { decodeCursor, toPage } from '../../lib/page-cursor.js';
import { hiddenFrom } from '../blocks/blocks.service.js';
import { exportList } from './list-export.js';
import { checkNewOrder } from './list-order.js';
import * as repository from './lists.repository.js';
import { LIST_MESSAGES as M } from './lists.messages.js';

/** List rules (docs/lists.md). No Fastify types here. */

export interface ListsDeps {
  db: Database;
}

interface PageQuery {
  cursor?: string;
  limit: number;
}

function toList(row: repository.ListViewRow): List {
  const { list } = row;
  return {
    id: list.id,
    title: list.title,
    description: list.description,
    is_public: list.isPublic,
    user: { id: list.userId, name: row.authorName, avatar: row.authorAvatar },
    item_count: list.itemCount,
    cover:
      row.coverId !== null && row.coverWidth !== null && row.coverHeight !== null
        ? { id: row.coverId, width: row.coverWidth, height: row.coverHeight }
        : null,
    created_at: list.createdAt.toISOString(),
    updated_at: list.updatedAt.toISOString(),
  };
}

/** A private list does not exist for anyone but its owner (404, never 403). */
const visibleTo = (list: repository.ListRow, viewerId: string | null) =>
  list.isPublic || list.userId === viewerId;

export async function getList(deps: ListsDeps, listId: string, viewerId: string | null) {
  const [row] = await repository.findListView(deps.db, listId);
  if (!row || !visibleTo(row.list, viewerId)) throw notFound(M.notFound);
  return toList(row);
}

/** A public list for a link preview (share module), or null when missing or private. */
export async function findListPreview(db: Database, listId: string): Promise<List | null> {
  const [row] = await repository.findListView(db, listId);
  return row && row.list.isPublic ? toList(row) : null;
}

/**
 * Loads and locks a list for a change by `userId`: a list they cannot see is missing (404),
 * a public list of someone else is not theirs (403). Item writes of one list queue up on this
 * lock, which keeps positions dense and the limits exact under concurrent requests.
 */
async function lockOwnList(db: Database, listId: string, userId: string) {
  const list = await repository.findList(db, listId, { forUpdate: true });
  if (!list || !visibleTo(list, userId)) throw notFound(M.notFound);
  if (list.userId !== userId) throw forbidden(M.notYours);
  return list;
}

function toPageOfLists(rows: repository.ListViewRow[], limit: number): ListPage {
  const page = toPage(
    rows.map((row) => ({ ...row, cursorKey: { micros: row.micros, id: row.list.id } })),
    limit,
  );
  return { items: page.items.map(toList), next_cursor: page.nextCursor };
}

/** The signed-in member's own lists, private ones included, most recently updated first. */
export async function listOwnLists(
  deps: ListsDeps,
  userId: string,
  query: PageQuery,
): Promise<ListPage> {
  const rows = await repository.findListViews(deps.db, {
    ownerId: userId,
    publicOnly: false,
    viewerId: null,
    after: decodeCursor(query.cursor),
    limit: query.limit + 1,
  });
  return toPageOfLists(rows, query.limit);
}

/**
 * A member's lists on their profile, most recently updated first: public ones, and the
 * private ones too when the owner is looking. Whether the tab shows at all is the people
 * rules' call (users.service.ts).
 */
export async function listMemberLists(
  deps: ListsDeps,
  ownerId: string,
  viewerId: string | null,
  query: PageQuery,
): Promise<ListPage> {
  const rows = await repository.findListViews(deps.db, {
    ownerId,
    publicOnly: ownerId !== viewerId,
    viewerId: null,
    after: decodeCursor(query.cursor),
    limit: query.limit + 1,
  });
  return toPageOfLists(rows, query.limit);
}

/**
 * The list timelines: public lists by their last update, of everyone (`all`) or of the
 * members the viewer follows (`follow`); lists of members blocked or muted either way are
 * never shown.
 */
export async function listTimeline(
  deps: ListsDeps,
  viewerId: string | null,
  scope: 'all' | 'follow',
  query: PageQuery,
): Promise<ListPage> {
  const rows = await repository.findListViews(deps.db, {
    publicOnly: true,
    ...(scope === 'follow' && viewerId ? { followedBy: viewerId } : {}),
    viewerId,
    after: decodeCursor(query.cursor),
    limit: query.limit + 1,
  });
  return toPageOfLists(rows, query.limit);
}

export async function createList(
  deps: ListsDeps,
  userId: string,
  body: { title: string; description: string; is_public: boolean },
): Promise<List> {
  const listId = await deps.db.transaction(async (tx) => {
    if (!(await repository.lockMember(tx, userId))) throw new HttpError('UNAUTHENTICATED');
    if ((await repository.countListsOf(tx, userId)) >= LISTS_PER_MEMBER_MAX)
      throw validationFailed({ list: [M.tooManyLists] }, M.tooManyLists);
    return repository.insertList(tx, {
      userId,
      title: body.title,
      description: body.description,
      isPublic: body.is_public,
    });
  });
  return getList(deps, listId, userId);
}

export async function updateList(
  deps: ListsDeps,
  userId: string,
  listId: string,
  body: ListUpdateBody,
): Promise<List> {
  await deps.db.transaction(async (tx) => {
    await lockOwnList(tx, listId, userId);
    await repository.updateList(tx, listId, {
      ...(body.title !== undefined && { title: body.title }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.is_public !== undefined && { isPublic: body.is_public }),
    });
  });
  return getList(deps, listId, userId);
}

export async function deleteList(deps: ListsDeps, userId: string, listId: string) {
  await deps.db.transaction(async (tx) => {
    await lockOwnList(tx, listId, userId);
    await repository.deleteList(tx, listId);
  });
}

/* ---- Items ---- */

function toItem(row: repository.ItemViewRow, position = row.rank): ListItem {
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
 * Every item of a list the viewer may see, in order, numbered 1…n. The owner sees all of them
 * (the editor and the whole-order rule need every item). Anyone else misses the posts of
 * members they blocked or muted (docs/people.md#blocks), as in every other post list; the
 * rest keep their order and are numbered without the gap.
 */
export async function listItems(
  deps: ListsDeps,
  listId: string,
  viewerId: string | null,
): Promise<ListItems> {
  const list = await repository.findList(deps.db, listId);
  if (!list || !visibleTo(list, viewerId)) throw notFound(M.notFound);
  const rows = await repository.findItemViews(deps.db, listId);
  if (list.userId === viewerId) return { items: rows.map((row) => toItem(row)) };
  const authorOf = (row: repository.ItemViewRow) => row.post?.userId ?? null;
  const hidden = await hiddenFrom(
    deps.db,
    viewerId,
    rows.map(authorOf).filter((id) => id !== null),
  );
  const shown = rows.filter((row) => !hidden.has(authorOf(row) ?? ''));
  return { items: shown.map((row, index) => toItem(row, index + 1)) };
}

async function findItemView(db: Database, listId: string, itemId: string) {
  const rows = await repository.findItemViews(db, listId);
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
      if (!(await repository.stationGroupExists(tx, body.station_group_id)))
        throw validationFailed({ station_group_id: [M.stationNotFound] });
    } else if (body.post_id !== undefined) {
      if (!(await repository.postExists(tx, body.post_id)))
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
  return findItemView(deps.db, listId, itemId);
}

/** The insert in a savepoint, so a refusal by an index becomes its own answer. */
async function insertItem(db: Database, values: Parameters<typeof repository.appendItem>[1]) {
  try {
    return await db.transaction((savepoint) => repository.appendItem(savepoint, values));
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
    if (!(await repository.findItem(tx, listId, itemId))) throw notFound(M.itemNotFound);
    await repository.updateItemNote(tx, itemId, note);
    await repository.touchList(tx, listId);
  });
  return findItemView(deps.db, listId, itemId);
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
      if (!(await repository.findItem(tx, listId, itemId))) throw notFound(M.itemNotFound);
      await repository.deleteItem(tx, itemId);
      await repository.writeOrder(tx, listId, await repository.findItemIds(tx, listId));
      await repository.touchList(tx, listId);
    }),
  );
}

const ORDER_MESSAGES = {
  duplicate: M.orderDuplicate,
  unknown: M.orderUnknown,
  missing: M.orderMissing,
} as const;

/** Replaces the whole order; it must name exactly the list's items (list-order.ts). */
export async function reorderItems(
  deps: ListsDeps,
  userId: string,
  listId: string,
  itemIds: readonly string[],
): Promise<ListItems> {
  await retryTransientConflicts(() =>
    deps.db.transaction(async (tx) => {
      await lockOwnList(tx, listId, userId);
      const problem = checkNewOrder(await repository.findItemIds(tx, listId), itemIds);
      if (problem) throw validationFailed({ item_ids: [ORDER_MESSAGES[problem]] });
      await repository.writeOrder(tx, listId, itemIds);
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

/** The list as GeoJSON or GPX, for whoever may see it (list-export.ts). */
export async function exportListFile(
  deps: ListsDeps & { publicUrl: string },
  listId: string,
  viewerId: string | null,
  format: ListExportFormat,
) {
  const list = await getList(deps, listId, viewerId);
  const { items } = await listItems(deps, listId, viewerId);
  return exportList(list, items, format, deps.publicUrl);
}
