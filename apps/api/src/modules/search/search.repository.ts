import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { notRelatedTo } from '../../db/related-members.js';
import { shownTo } from '../../db/moderated.js';
import {
  comments,
  postImages,
  posts,
  searchDocuments as d,
  stationGroups,
  stations,
  users,
} from '../../db/schema/index.js';

/** The search queries over the index (docs/search.md#searching-and-ranking). */

export interface SearchFilter {
  /** Every token of every term must be in the text's tokens (the GIN index's work). */
  tokens: string[];
  /** And each term's folded text must appear as one run (the check the index cannot make). */
  terms: string[];
  /** The whole query's folded text: a text holding it as one run ranks first. */
  phrase: string | null;
  /** Segmenter words of the terms: a text with them as words ranks above one with a part. */
  words: string[];
  tags: string[];
  kind?: 'spot' | 'event' | 'image';
  stationGroupId?: number;
  lineId?: number;
  prefectureId?: number;
  /** Inclusive days, Japan time (YYYY-MM-DD). */
  from?: string;
  to?: string;
  userId?: string;
  withPhoto?: boolean;
  /** Folded phrases and tags (`#…`) the viewer muted with 「表示しない」. */
  hiddenWords: string[];
}

/** The sort key of a hit: rank, then created_at in microseconds, then id. */
export interface HitKey {
  rank: number;
  micros: string;
  id: string;
}

export interface HitRow extends HitKey {
  postId: string;
  commentId: string | null;
}

const textArray = (values: string[]) => sql`${`{${values.map(quoteArrayItem).join(',')}}`}::text[]`;

/** An element of a PostgreSQL array literal, quoted so commas, quotes and braces stay text. */
function quoteArrayItem(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** Japan time has no daylight saving: a day starts at 00:00+09:00. */
const jstDayStart = (day: string) => sql`(${`${day}T00:00:00+09:00`})::timestamptz`;

function filterConditions(filter: SearchFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.tokens.length > 0) where.push(sql`${d.tokens} @> ${textArray(filter.tokens)}`);
  if (filter.tags.length > 0) where.push(sql`${d.tags} @> ${textArray(filter.tags)}`);
  for (const term of filter.terms) where.push(sql`strpos(${d.text}, ${term}) > 0`);
  for (const word of filter.hiddenWords) {
    where.push(
      word.startsWith('#')
        ? sql`not (${d.tags} @> ${textArray([word.slice(1)])})`
        : sql`strpos(${d.text}, ${word}) = 0`,
    );
  }
  if (filter.kind) where.push(sql`${posts.kind} = ${filter.kind}`);
  if (filter.stationGroupId !== undefined)
    where.push(sql`${posts.stationGroupId} = ${filter.stationGroupId}`);
  if (filter.lineId !== undefined)
    where.push(
      sql`${posts.stationGroupId} in (select ${stations.groupId} from ${stations} where ${stations.lineId} = ${filter.lineId})`,
    );
  if (filter.prefectureId !== undefined)
    where.push(
      sql`${posts.stationGroupId} in (select ${stationGroups.id} from ${stationGroups} where ${stationGroups.prefectureId} = ${filter.prefectureId})`,
    );
  if (filter.from) where.push(sql`${d.createdAt} >= ${jstDayStart(filter.from)}`);
  if (filter.to) where.push(sql`${d.createdAt} < ${jstDayStart(filter.to)} + interval '1 day'`);
  if (filter.userId) where.push(sql`${d.userId} = ${filter.userId}::uuid`);
  if (filter.withPhoto !== undefined)
    where.push(
      sql`${filter.withPhoto ? sql`` : sql`not`} exists (select 1 from ${postImages} where ${postImages.postId} = ${d.postId})`,
    );
  return where;
}

/**
 * What the viewer may see (docs/moderation.md#hidden-items, docs/people.md#blocks): the post
 * and the comment in sight, neither author blocked or muted by the viewer nor blocking them.
 */
export function visibleTo(viewerId: string | null): SQL[] {
  const where: SQL[] = [
    shownTo(posts, viewerId),
    sql`(${d.commentId} is null or ${shownTo(comments, viewerId)})`,
  ];
  if (viewerId) {
    const relations = ['blocked', 'blockedBy', 'muted'] as const;
    where.push(notRelatedTo(d.userId, viewerId, relations));
    where.push(notRelatedTo(posts.userId, viewerId, relations));
  }
  return where;
}

function rankOf(filter: SearchFilter): SQL {
  const parts: SQL[] = [sql`0`];
  if (filter.phrase) {
    // Written as typed, or with the spaces left out as Japanese is written.
    const joined = filter.phrase.replaceAll(' ', '');
    parts.push(
      sql`(case when strpos(${d.text}, ${filter.phrase}) > 0 or strpos(${d.text}, ${joined}) > 0 then 4 else 0 end)`,
    );
  }
  if (filter.terms.length > 0)
    parts.push(
      sql`(case when ${sql.join(
        filter.terms.map((term) => sql`strpos(${d.title}, ${term}) > 0`),
        sql` and `,
      )} then 2 else 0 end)`,
    );
  if (filter.words.length > 0)
    parts.push(sql`(case when ${d.tokens} @> ${textArray(filter.words)} then 1 else 0 end)`);
  return sql.join(parts, sql` + `);
}

/**
 * One page of hits, best first: rank (the whole phrase as one run, every term in the title, the
 * terms as whole words), then newest, keyset-paged on (rank, created_at, id).
 */
export async function findHits(
  db: Database,
  options: { filter: SearchFilter; viewerId: string | null; after: HitKey | null; limit: number },
): Promise<HitRow[]> {
  const { filter, viewerId, after } = options;
  const where = [...filterConditions(filter), ...visibleTo(viewerId)];
  const hit = db
    .select({
      id: d.id,
      postId: d.postId,
      commentId: d.commentId,
      createdAt: d.createdAt,
      rank: sql<number>`(${rankOf(filter)})::int`.as('rank'),
    })
    .from(d)
    .innerJoin(posts, eq(posts.id, d.postId))
    .leftJoin(comments, eq(comments.id, d.commentId))
    .where(and(...where))
    .as('hit');
  const rows = await db
    .select({
      id: hit.id,
      postId: hit.postId,
      commentId: hit.commentId,
      rank: hit.rank,
      micros: sql<string>`(extract(epoch from ${hit.createdAt}) * 1000000)::bigint::text`,
    })
    .from(hit)
    .where(
      after
        ? sql`(${hit.rank}, ${hit.createdAt}, ${hit.id}) < (${after.rank}::int, (timestamptz 'epoch' + (${after.micros}::text || ' microseconds')::interval), ${after.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(hit.rank), desc(hit.createdAt), desc(hit.id))
    .limit(options.limit);
  return rows.map((row) => ({ ...row, rank: Number(row.rank) }));
}

export interface CommentHitRow {
  id: string;
  postId: string;
  body: string;
  userId: string;
  userName: string;
  userAvatar: string | null;
  hiddenAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The comments of a page of hits, with their authors. */
export async function findComments(db: Database, ids: string[]): Promise<CommentHitRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: comments.id,
      postId: comments.postId,
      body: comments.body,
      userId: comments.userId,
      userName: users.name,
      userAvatar: users.avatarImageId,
      hiddenAt: comments.hiddenAt,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(sql`${comments.id} = any(${textArray(ids)}::uuid[])`);
}
