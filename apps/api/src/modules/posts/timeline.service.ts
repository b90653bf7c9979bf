import type { PostPage } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { KEPT_MAX_AGE_MS, keptValues } from '../../lib/kept-values.js';
import { decodeCursor, toPage, type PageKey } from '../../lib/page-cursor.js';
import { presentPosts } from './post-presenter.js';
import { listTimelinePosts } from './posts.service.js';
import * as repository from './posts.repository.js';
import type { PostViewRow } from './posts.repository.js';
import {
  findMemberOverlays,
  findViewerRelations,
  findWindow,
  type WindowRow,
} from './timeline-window.repository.js';

/**
 * The post timelines read from memory (docs/timelines.md#reading).
 *
 * Which posts a page holds is decided from the window: the newest posts in timeline order, each
 * with its author, kind and whether only its author may see it, read in one query and kept until
 * the next write (any write on any instance: the write generation the kept pages also follow,
 * plugins/page-cache.ts) or for `maxAgeMs` at most (a suspension that ends by the clock). A
 * member's blocks, mutes and follows are kept the same way. A page is then one query for its
 * posts by id; a visitor's page (the same for every visitor) is kept whole. A page the window
 * cannot fill (far back, or a follow timeline of rarely posting members) is read by the query
 * it replaces (`listTimelinePosts`), with the same rules.
 */

export interface TimelineQuery {
  followedBy?: string;
  kinds: readonly repository.PostKind[];
  cursor?: string;
  limit: number;
}

export interface TimelineReads {
  page(viewerId: string | null, query: TimelineQuery): Promise<PostPage>;
}

export interface TimelineReadsOptions {
  db: Database;
  /** Changes with every write (the page cache's generation). */
  generation: () => number;
  windowSize?: number;
  maxAgeMs?: number;
  now?: () => number;
}

export const TIMELINE_WINDOW_SIZE = 5_000;
interface Relations {
  hidden: Set<string>;
  follows: Set<string>;
}

interface Window {
  entries: WindowRow[];
  /** Fewer posts than the window holds exist: a page that reaches its end is complete. */
  complete: boolean;
}

/** `(micros, id)` comes after `key` in timeline order (newest first). */
function isBefore(entry: WindowRow, key: PageKey): boolean {
  if (entry.micros.length !== key.micros.length) return entry.micros.length < key.micros.length;
  if (entry.micros !== key.micros) return entry.micros < key.micros;
  return entry.id < key.id;
}

export function createTimelineReads(options: TimelineReadsOptions): TimelineReads {
  const { db } = options;
  const windowSize = options.windowSize ?? TIMELINE_WINDOW_SIZE;
  const keep = { generation: options.generation, now: options.now, maxAgeMs: options.maxAgeMs };
  const window = keptValues<Window>(keep);
  // One entry for each member who read a timeline lately.
  const relations = keptValues<Relations>({ ...keep, maxEntries: 10_000 });
  const visitorPages = keptValues<PostPage>(keep);

  const currentWindow = () =>
    window('window', async () => {
      const entries = await findWindow(db, windowSize);
      return { entries, complete: entries.length < windowSize };
    });

  const relationsOf = (viewerId: string) =>
    relations(viewerId, async () => {
      const found = await findViewerRelations(db, viewerId);
      return { hidden: new Set(found.hidden), follows: new Set(found.follows) };
    });

  /** The ids of the page and the one after it, or null when the window cannot tell. */
  async function pickIds(viewerId: string | null, query: TimelineQuery, after: PageKey | null) {
    const [{ entries, complete }, related] = await Promise.all([
      currentWindow(),
      viewerId ? relationsOf(viewerId) : null,
    ]);
    const kinds = query.kinds.length > 0 ? new Set(query.kinds) : null;
    const ids: string[] = [];
    for (const entry of entries) {
      if (after && !isBefore(entry, after)) continue;
      const own = entry.userId === viewerId;
      if (entry.hidden && !own) continue;
      if (kinds && !kinds.has(entry.kind)) continue;
      if (related?.hidden.has(entry.userId)) continue;
      if (query.followedBy && !own && !related?.follows.has(entry.userId)) continue;
      ids.push(entry.id);
      if (ids.length > query.limit) return { ids, related };
    }
    return complete ? { ids, related } : null;
  }

  /** The posts of `ids` as a visitor sees them, kept per write generation like the window. */
  let shared = { generation: -1, at: 0, rows: new Map<string, PostViewRow>() };
  async function visitorViews(ids: string[]): Promise<Map<string, PostViewRow>> {
    const generation = options.generation();
    const now = (options.now ?? Date.now)();
    if (shared.generation !== generation || now - shared.at > (options.maxAgeMs ?? KEPT_MAX_AGE_MS))
      shared = { generation, at: now, rows: new Map() };
    const kept = shared;
    const missing = ids.filter((id) => !kept.rows.has(id));
    if (missing.length === 0) return kept.rows;
    const found = await repository.findPostViewsByIds(db, missing, null);
    // Read across a write: used for this page, not kept.
    const into = options.generation() === generation ? kept.rows : new Map(kept.rows);
    for (const row of found) into.set(row.post.id, row);
    return into;
  }

  /**
   * The page's rows for a member: the visitor's rows with what differs for them laid over
   * (their reactions; counts and parents that their blocks, mutes and own hidden items change),
   * or, when a post is not in a visitor's sight (their own hidden one), read for them whole.
   */
  async function memberRows(ids: string[], viewerId: string, related: Relations) {
    const views = await visitorViews(ids);
    if (!ids.every((id) => views.has(id))) return repository.findPostViewsByIds(db, ids, viewerId);
    const overlays = await findMemberOverlays(db, ids, viewerId, [...related.hidden]);
    const overlayOf = new Map(overlays.map((overlay) => [overlay.id, overlay]));
    return ids.map((id) => {
      const row = views.get(id)!;
      const overlay = overlayOf.get(id)!;
      return {
        ...row,
        liked: overlay.liked,
        wanted: overlay.wanted,
        hiddenCommentCount:
          row.hiddenCommentCount - overlay.ownHiddenComments + overlay.relatedComments,
        childCount: row.childCount + overlay.ownHiddenChildren,
        parentKind: overlay.ownHiddenParent?.kind ?? row.parentKind,
        parentTitle: overlay.ownHiddenParent?.title ?? row.parentTitle,
      };
    });
  }

  async function memberOrVisitorPage(viewerId: string | null, query: TimelineQuery) {
    const after = decodeCursor(query.cursor);
    const picked = await pickIds(viewerId, query, after);
    if (!picked) return listTimelinePosts({ db }, viewerId, query);
    const { ids, related } = picked;
    if (ids.length === 0) return { items: [], next_cursor: null };
    const rows =
      viewerId && related
        ? await memberRows(ids, viewerId, related)
        : await visitorViews(ids).then((views) => ids.flatMap((id) => views.get(id) ?? []));
    const page = toPage(
      rows.map((row) => ({ ...row, cursorKey: { micros: row.micros, id: row.post.id } })),
      query.limit,
    );
    return { items: presentPosts(page.items), next_cursor: page.nextCursor };
  }

  return {
    page(viewerId, query) {
      if (viewerId) return memberOrVisitorPage(viewerId, query);
      // A visitor's first page is kept whole; the pages after it (whose cursors anyone may
      // write) are picked from the window each time.
      if (query.cursor) return memberOrVisitorPage(null, query);
      const key = `${[...query.kinds].sort().join(',')}|${query.limit}`;
      return visitorPages(key, () => memberOrVisitorPage(null, query));
    },
  };
}
