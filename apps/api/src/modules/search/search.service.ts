import {
  normalizeSearchText,
  parseSearchQuery,
  type Comment,
  type Post,
  type PostSearchQuery,
  type SearchHit,
  type SearchHitPage,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { validationFailed } from '../../lib/http-error.js';
import { decodeKeyPair, splitPage, encodeKeyPair } from '../../lib/page-cursor.js';
import { getPostsByIds } from '../posts/post-views.service.js';
import * as repository from './search.repository.js';
import { SEARCH_MESSAGES as M } from './search.messages.js';
import { activeWordMutes, markWordMuted, type ActiveWordMute } from './word-mutes.service.js';

/**
 * Post search (docs/search.md): the query is folded and split into terms as the index folds
 * text, the GIN index finds the texts holding every term's tokens, each term's exact run is
 * checked, and hits are ranked, then shown as posts or as comments on their post.
 */

export interface SearchDeps {
  db: Database;
  /** The clock word mutes expire by (tests move it). */
  now?: () => Date;
}

const HIT_KEY = /^\d{1,2}:\d{1,17}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function decodeHitCursor(cursor: string | undefined): repository.HitKey | null {
  const pair = decodeKeyPair(cursor, HIT_KEY, UUID);
  if (!pair) return null;
  const [rank, micros] = pair[0].split(':') as [string, string];
  return { rank: Number(rank), micros, id: pair[1] };
}

export const encodeHitCursor = (key: repository.HitKey) =>
  encodeKeyPair(`${key.rank}:${key.micros}`, key.id);

/** The filter a query asks for: its terms' tokens and runs, its tags, its filters. */
export function filterOf(
  query: Omit<PostSearchQuery, 'cursor' | 'limit'>,
): repository.SearchFilter {
  const { terms, tags } = parseSearchQuery(query.q);
  if (terms.length === 0 && tags.length === 0) throw validationFailed({ q: [M.noTerms] });
  if (query.from && query.to && query.from > query.to)
    throw validationFailed({ to: [M.datesReversed] });
  const folded = normalizeSearchText(query.q.replace(/["「」]/g, ' '));
  return {
    tokens: [...new Set(terms.flatMap((term) => term.tokens))],
    terms: terms.map((term) => term.text),
    phrase: terms.length > 1 ? folded : null,
    words: terms.flatMap((term) => (term.word ? [term.word] : [])),
    tags,
    kind: query.kind,
    stationGroupId: query.station_group_id,
    lineId: query.line_id,
    prefectureId: query.prefecture_id,
    from: query.from,
    to: query.to,
    userId: query.user_id,
    withPhoto: query.with_photo === undefined ? undefined : query.with_photo === 'true',
    hiddenWords: [],
  };
}

function toComment(row: repository.CommentHitRow): Comment {
  return {
    id: row.id,
    post_id: row.postId,
    body: row.body,
    user: { id: row.userId, name: row.userName, avatar: row.userAvatar },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...(row.hiddenAt !== null && { hidden: true as const }),
  };
}

/** Shows a page of hits: the posts through the posts module, comments with their post. */
export async function presentHits(
  db: Database,
  rows: repository.HitRow[],
  viewerId: string | null,
  mutes: ActiveWordMute[],
): Promise<SearchHit[]> {
  const commentIds = rows.flatMap((row) => (row.commentId ? [row.commentId] : []));
  const [posts, commentRows] = await Promise.all([
    getPostsByIds(db, [...new Set(rows.map((row) => row.postId))], viewerId),
    repository.findComments(db, commentIds),
  ]);
  const postById = new Map<string, Post>(
    markWordMuted(posts, mutes, viewerId).map((post) => [post.id, post]),
  );
  const commentById = new Map(commentRows.map((row) => [row.id, toComment(row)]));
  const hits: SearchHit[] = [];
  for (const row of rows) {
    const post = postById.get(row.postId);
    if (!post) continue;
    const comment = row.commentId ? commentById.get(row.commentId) : null;
    if (comment === undefined) continue;
    hits.push({ type: comment ? 'comment' : 'post', post, comment });
  }
  return hits;
}

export async function searchPosts(
  deps: SearchDeps,
  viewerId: string | null,
  query: PostSearchQuery,
): Promise<SearchHitPage> {
  const filter = filterOf(query);
  const after = decodeHitCursor(query.cursor);
  const mutes = viewerId ? await activeWordMutes(deps, viewerId) : [];
  filter.hiddenWords = mutes.filter((mute) => mute.mode === 'hide').map((mute) => mute.folded);
  const rows = await repository.findHits(deps.db, {
    filter,
    viewerId,
    after,
    limit: query.limit + 1,
  });
  const page = splitPage(rows, query.limit, encodeHitCursor);
  return {
    items: await presentHits(deps.db, page.items, viewerId, mutes),
    next_cursor: page.nextCursor,
  };
}
