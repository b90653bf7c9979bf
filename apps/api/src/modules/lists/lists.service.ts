import {
  LISTS_PER_MEMBER_MAX,
  type List,
  type ListExportFormat,
  type ListPage,
  type ListUpdateBody,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { lockMember } from '../../db/member-lock.js';
import { HttpError, notFound, validationFailed } from '../../lib/http-error.js';
import { decodeCursor, toPage } from '../../lib/page-cursor.js';
import { lockOwnList, visibleTo, type ListsDeps } from './list-access.js';
import { exportList } from './list-export.js';
import { listItems } from './list-items.service.js';
import { keptValues } from '../../lib/kept-values.js';
import { findFirstTimelinePage } from './list-timeline.repository.js';
import * as repository from './lists.repository.js';
import { LIST_MESSAGES as M } from './lists.messages.js';

/** List rules (docs/lists.md). No Fastify types here. */

export type { ListsDeps } from './list-access.js';
/** The item rules (list-items.service.ts), offered with the rest of the list rules. */
export {
  addItem,
  listContaining,
  listItems,
  removeItem,
  reorderItems,
  updateItem,
} from './list-items.service.js';

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
    // Only its owner is shown a hidden list (docs/moderation.md#hidden-items), with a notice.
    ...(list.hiddenAt !== null && { hidden: true as const }),
  };
}

export async function getList(deps: ListsDeps, listId: string, viewerId: string | null) {
  const [row] = await repository.findListView(deps.db, listId, viewerId);
  if (!row || !visibleTo(row.list, viewerId)) throw notFound(M.notFound);
  return toList(row);
}

/** A public list for a link preview (share module), or null when missing, private or hidden. */
export async function findListPreview(db: Database, listId: string): Promise<List | null> {
  const [row] = await repository.findListView(db, listId, null);
  return row && row.list.isPublic ? toList(row) : null;
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
    reader: userId,
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
    reader: viewerId,
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
  if (viewerId && !query.cursor)
    return toPageOfLists(
      await findFirstTimelinePage(deps.db, scope, viewerId, query.limit + 1),
      query.limit,
    );
  const rows = await repository.findListViews(deps.db, {
    publicOnly: true,
    ...(scope === 'follow' && viewerId ? { followedBy: viewerId } : {}),
    viewerId,
    reader: viewerId,
    after: decodeCursor(query.cursor),
    limit: query.limit + 1,
  });
  return toPageOfLists(rows, query.limit);
}

/**
 * The list timeline with a visitor's first page (the same for every visitor) kept until the next
 * write (lib/kept-values.ts, docs/lists.md#timelines).
 */
export function createListTimeline(deps: ListsDeps & { generation: () => number }) {
  const kept = keptValues<ListPage>({ generation: deps.generation, maxEntries: 200 });
  return (viewerId: string | null, scope: 'all' | 'follow', query: PageQuery) =>
    viewerId || query.cursor
      ? listTimeline(deps, viewerId, scope, query)
      : kept(`${scope}|${query.limit}`, () => listTimeline(deps, null, scope, query));
}

export async function createList(
  deps: ListsDeps,
  userId: string,
  body: { title: string; description: string; is_public: boolean },
): Promise<List> {
  const listId = await deps.db.transaction(async (tx) => {
    // Two creations at once cannot pass the per-member limit together.
    if (!(await lockMember(tx, userId))) throw new HttpError('UNAUTHENTICATED');
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

/** A moderator's removal of a list (docs/moderation.md#actions), in the caller's transaction. */
export async function removeListAsModerator(tx: Database, listId: string): Promise<void> {
  await repository.deleteList(tx, listId);
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
