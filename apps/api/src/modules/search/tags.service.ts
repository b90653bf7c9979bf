import type { SearchHitPage, TagSummary, TrendingTags } from '@ekispot/shared';
import { validationFailed } from '../../lib/http-error.js';
import { splitPage } from '../../lib/page-cursor.js';
import * as repository from './tags.repository.js';
import * as search from './search.repository.js';
import {
  decodeHitCursor,
  encodeHitCursor,
  presentHits,
  type SearchDeps,
} from './search.service.js';
import { activeWordMutes } from './word-mutes.service.js';

/** Hashtags (docs/search.md#hashtags): tag pages, follows and 「いま話題のタグ」. */

/** 「いま話題」 looks back this far. */
export const TRENDING_WINDOW_MS = 24 * 3_600_000;
/** A tag trends only when this many different members used it: one member cannot make it. */
export const TRENDING_MIN_MEMBERS = 2;
export const TRENDING_MAX = 10;
/** A tag's page is in the sitemap once this many public posts carry it. */
export const SITEMAP_TAG_MIN_POSTS = 5;
/** Tags one member may follow. */
export const FOLLOWED_TAGS_MAX = 500;

const clockOf = (deps: SearchDeps) => deps.now ?? (() => new Date());

export async function getTagSummary(
  deps: SearchDeps,
  tag: string,
  viewerId: string | null,
): Promise<TagSummary> {
  const [count, followed] = await Promise.all([
    repository.countTagged(deps.db, tag, viewerId),
    viewerId ? repository.isFollowed(deps.db, viewerId, tag) : false,
  ]);
  return { name: tag, post_count: count, followed };
}

/** The tag's posts and comments, newest first, as search shows hits. */
export async function listTagPosts(
  deps: SearchDeps,
  tag: string,
  viewerId: string | null,
  query: { cursor?: string; limit: number },
): Promise<SearchHitPage> {
  const mutes = viewerId ? await activeWordMutes(deps, viewerId) : [];
  const rows = await search.findHits(deps.db, {
    filter: {
      tokens: [],
      terms: [],
      phrase: null,
      words: [],
      tags: [tag],
      hiddenWords: mutes.filter((mute) => mute.mode === 'hide').map((mute) => mute.folded),
    },
    viewerId,
    after: decodeHitCursor(query.cursor),
    limit: query.limit + 1,
  });
  const page = splitPage(rows, query.limit, encodeHitCursor);
  return {
    items: await presentHits(deps.db, page.items, viewerId, mutes),
    next_cursor: page.nextCursor,
  };
}

export async function getTrendingTags(
  deps: SearchDeps,
  viewerId: string | null,
): Promise<TrendingTags> {
  const rows = await repository.findTrending(deps.db, {
    since: new Date(clockOf(deps)().getTime() - TRENDING_WINDOW_MS),
    viewerId,
    minMembers: TRENDING_MIN_MEMBERS,
    limit: TRENDING_MAX,
  });
  return { items: rows.map((row) => ({ name: row.name, member_count: row.memberCount })) };
}

export async function setTagFollow(deps: SearchDeps, userId: string, tag: string, on: boolean) {
  if (on && (await repository.countFollowed(deps.db, userId)) >= FOLLOWED_TAGS_MAX)
    throw validationFailed({ tag: [`フォローできるタグは${FOLLOWED_TAGS_MAX}件までです。`] });
  await repository.setFollow(deps.db, userId, tag, on);
  return getTagSummary(deps, tag, userId);
}

export async function listFollowedTags(deps: SearchDeps, userId: string) {
  const tags = await repository.findFollowed(deps.db, userId);
  return { items: tags.map((name) => ({ name })) };
}

/** Tags whose page the sitemap lists (enough public posts). */
export async function listSitemapTags(deps: SearchDeps, limit: number): Promise<string[]> {
  const rows = await repository.findPublicTags(deps.db, SITEMAP_TAG_MIN_POSTS, limit);
  return rows.map((row) => row.name);
}
