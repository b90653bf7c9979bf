import {
  extractHashtags,
  matchesWordMute,
  normalizeSearchText,
  normalizeWordMute,
  WORD_MUTES_MAX,
  type Post,
  type WordMute,
  type WordMuteBody,
  type WordMuteDuration,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { notFound, validationFailed } from '../../lib/http-error.js';
import * as repository from './word-mutes.repository.js';
import { SEARCH_MESSAGES as M } from './search.messages.js';

/**
 * Word mutes (docs/search.md#word-mutes): a member's words, phrases and `#tags`, folded as
 * search folds text, each hiding or folding the posts that hold it until it expires. Expiry is
 * read against the clock on every use, so a mute stops applying on time without a restart.
 */

export interface WordMuteDeps {
  db: Database;
  now?: () => Date;
}

export interface ActiveWordMute {
  folded: string;
  mode: 'hide' | 'fold';
}

const HOUR_MS = 3_600_000;
const DURATION_MS: Record<WordMuteDuration, number | null> = {
  '1h': HOUR_MS,
  '1d': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
  forever: null,
};

const clockOf = (deps: WordMuteDeps) => deps.now ?? (() => new Date());

function present(row: repository.WordMuteRow): WordMute {
  return {
    id: row.id,
    phrase: row.phrase,
    mode: row.mode,
    expires_at: row.expiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The member's mutes in force now. */
export async function activeWordMutes(
  deps: WordMuteDeps,
  userId: string,
): Promise<ActiveWordMute[]> {
  const rows = await repository.findActive(deps.db, userId, clockOf(deps)());
  return rows.map((row) => ({ folded: row.folded, mode: row.mode }));
}

export async function listWordMutes(deps: WordMuteDeps, userId: string): Promise<WordMute[]> {
  const rows = await repository.findActive(deps.db, userId, clockOf(deps)());
  return rows.map(present);
}

export async function addWordMute(
  deps: WordMuteDeps,
  userId: string,
  body: WordMuteBody,
): Promise<WordMute> {
  const folded = normalizeWordMute(body.phrase);
  if (!/[\p{L}\p{N}]/u.test(folded)) throw validationFailed({ phrase: [M.wordMuteEmpty] });
  const now = clockOf(deps)();
  const duration = DURATION_MS[body.duration];
  return deps.db.transaction(async (tx) => {
    await repository.deleteExpired(tx, userId, now);
    if ((await repository.countOf(tx, userId)) >= WORD_MUTES_MAX)
      throw validationFailed({ phrase: [M.wordMutesFull] });
    const row = await repository.insert(tx, {
      userId,
      phrase: body.phrase,
      folded,
      mode: body.mode,
      expiresAt: duration === null ? null : new Date(now.getTime() + duration),
      createdAt: now,
    });
    return present(row!);
  });
}

export async function removeWordMute(deps: WordMuteDeps, userId: string, id: string) {
  if (!(await repository.remove(deps.db, userId, id))) throw notFound(M.wordMuteNotFound);
}

/** A post's text as mutes read it: folded title and body, and its tags. */
function foldedPost(post: Pick<Post, 'title' | 'body'>) {
  const whole = `${post.title}\n${post.body}`;
  return { text: normalizeSearchText(whole), tags: extractHashtags(whole) };
}

/**
 * Applies a member's mutes to posts about to be shown: a post holding a 「表示しない」 word is
 * left out, one holding only 「たたんで表示」 words is marked `word_muted`. The member's own
 * posts are never muted.
 */
export function markWordMuted<T extends Pick<Post, 'title' | 'body' | 'user'>>(
  posts: T[],
  mutes: ActiveWordMute[],
  viewerId?: string | null,
): Array<T & { word_muted?: true }> {
  if (mutes.length === 0) return posts;
  const shown: Array<T & { word_muted?: true }> = [];
  for (const post of posts) {
    if (viewerId && post.user.id === viewerId) {
      shown.push(post);
      continue;
    }
    const folded = foldedPost(post);
    const hits = mutes.filter((mute) => matchesWordMute({ text: mute.folded }, folded));
    if (hits.some((mute) => mute.mode === 'hide')) continue;
    shown.push(hits.length > 0 ? { ...post, word_muted: true as const } : post);
  }
  return shown;
}

/** A page of posts with the member's mutes applied (timelines, station pages, lists, tags). */
export async function applyWordMutes<T extends Pick<Post, 'title' | 'body' | 'user'>>(
  deps: WordMuteDeps,
  viewerId: string | null,
  posts: T[],
): Promise<Array<T & { word_muted?: true }>> {
  if (!viewerId || posts.length === 0) return posts;
  return markWordMuted(posts, await activeWordMutes(deps, viewerId), viewerId);
}

/** Whether a text (a notification's post, a comment) holds one of the member's hide mutes. */
export async function textIsMuted(
  deps: WordMuteDeps,
  viewerId: string,
  text: string,
): Promise<boolean> {
  const mutes = await activeWordMutes(deps, viewerId);
  if (mutes.length === 0) return false;
  const folded = { text: normalizeSearchText(text), tags: extractHashtags(text) };
  return mutes.some((mute) => matchesWordMute({ text: mute.folded }, folded));
}

/** A page of posts with the member's mutes applied (a station's posts). */
export async function withWordMutes<P extends { items: Post[] }>(
  deps: WordMuteDeps,
  viewerId: string | null,
  page: P,
): Promise<P> {
  return { ...page, items: await applyWordMutes(deps, viewerId, page.items) };
}
