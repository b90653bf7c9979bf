import type { PostPage } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { KEPT_MAX_AGE_MS, keptValues } from '../../lib/kept-values.js';
import { decodeCursor, toPage, type PageKey } from '../../lib/page-cursor.js';
import { createKeptPostViews } from './kept-post-views.js';
import { listTimelinePosts } from './posts.service.js';
import type * as repository from './posts.repository.js';
import {
  findFollowedTags,
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
  /**
   * For a visitor's first page, a key that changes whenever the page may (every write, and the
   * kept values' maximum age): its answer may be kept whole under it. Null for other pages.
   */
  visitorPageKey(query: TimelineQuery): string | null;
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
  /** Followed tags: their posts join the follow timeline. */
  tags: Set<string>;
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

/** The author is followed, or one of the post's tags is. */
function followed(entry: WindowRow, related: Relations | null): boolean {
  if (!related) return false;
  return related.follows.has(entry.userId) || entry.tags.some((tag) => related.tags.has(tag));
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
      const [found, tags] = await Promise.all([
        findViewerRelations(db, viewerId),
        findFollowedTags(db, viewerId),
      ]);
      return {
        hidden: new Set(found.hidden),
        follows: new Set(found.follows),
        tags: new Set(tags),
      };
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
      if (query.followedBy && !own && !followed(entry, related)) continue;
      ids.push(entry.id);
      if (ids.length > query.limit) return { ids, related };
    }
    return complete ? { ids, related } : null;
  }

  const views = createKeptPostViews(options);

  async function memberOrVisitorPage(viewerId: string | null, query: TimelineQuery) {
    const after = decodeCursor(query.cursor);
    const picked = await pickIds(viewerId, query, after);
    if (!picked) return listTimelinePosts({ db }, viewerId, query);
    const { ids, related } = picked;
    if (ids.length === 0) return { items: [], next_cursor: null };
    const shown =
      viewerId && related
        ? await views.forMember(ids, viewerId, [...related.hidden])
        : await views.forVisitor(ids);
    const page = toPage(
      shown.map((item) => ({ ...item, cursorKey: { micros: item.micros, id: item.post.id } })),
      query.limit,
    );
    return { items: page.items.map((item) => item.post), next_cursor: page.nextCursor };
  }

  return {
    visitorPageKey(query) {
      if (query.cursor || query.followedBy) return null;
      const age = Math.floor((options.now ?? Date.now)() / (options.maxAgeMs ?? KEPT_MAX_AGE_MS));
      return `${options.generation()}|${age}|${[...query.kinds].sort().join(',')}|${query.limit}`;
    },
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
