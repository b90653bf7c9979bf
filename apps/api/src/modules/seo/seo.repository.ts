import { and, asc, gte, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { notSuspended, shownToAll } from '../../db/moderated.js';
import {
  comments,
  lines,
  lists,
  posts,
  stationDataImports,
  stationGroups,
  users,
} from '../../db/schema/index.js';

/**
 * The sitemap's queries (docs/seo.md): each kind of public page is one table walked by its
 * primary key, with the page's last change worked out in SQL from rows the page shows. A
 * sitemap page is one keyset query (`key >= first key … limit`), the sitemap index one query
 * per kind that numbers the rows and keeps every page's first key.
 */

export type SitemapKind = 'stations' | 'lines' | 'posts' | 'lists' | 'profiles';

interface SitemapSource {
  table: PgTable;
  key: PgColumn;
  /** When the page last changed, as the data tells it (a timestamptz; null when unknown). */
  lastmod: SQL;
  /** Which rows have a public page; every row when absent. */
  visible?: SQL;
}

/** The last station data import: what a station or line page shows changes with it. */
const importedAt = sql`(select max(${stationDataImports.importedAt}) from ${stationDataImports})`;

const SOURCES: Record<SitemapKind, SitemapSource> = {
  // Open and closed groups alike: a closed station keeps its page (docs/stations.md). The page
  // lists the station's posts, so the newest one counts (index posts_station_created_idx).
  stations: {
    table: stationGroups,
    key: stationGroups.id,
    lastmod: sql`greatest(${importedAt}, (select max(${posts.createdAt}) from ${posts} where ${posts.stationGroupId} = ${stationGroups.id}))`,
  },
  lines: { table: lines, key: lines.id, lastmod: importedAt },
  // A post's page shows its comments (index comments_post_created_idx). What a moderator took
  // out of sight has no public page (docs/moderation.md#hidden-items), here and below.
  posts: {
    table: posts,
    key: posts.id,
    lastmod: sql`greatest(${posts.updatedAt}, (select max(${comments.createdAt}) from ${comments} where ${comments.postId} = ${posts.id}))`,
    visible: shownToAll(posts),
  },
  // Adding, moving or removing an item touches the list (lists.repository.ts, touchList).
  lists: {
    table: lists,
    key: lists.id,
    lastmod: sql`${lists.updatedAt}`,
    visible: sql`(${lists.isPublic} and ${shownToAll(lists)})`,
  },
  // A registration whose address was never confirmed is no member yet (docs/accounts.md). The
  // profile opens on the member's posts (index posts_user_created_idx). Not `updated_at`: a
  // password or address change moves it, and when that happened is nobody else's business.
  profiles: {
    table: users,
    key: users.id,
    lastmod: sql`greatest(${users.createdAt}, (select max(${posts.createdAt}) from ${posts} where ${posts.userId} = ${users.id}))`,
    visible: sql`(${isNotNull(users.emailVerifiedAt)} and ${notSuspended(users.id)})`,
  },
};

/** A timestamptz as a W3C datetime in UTC, to the second (null stays null). */
const w3cDatetime = (value: SQL) =>
  sql<string | null>`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export interface SitemapRow {
  key: string;
  lastmod: string | null;
}

/**
 * One sitemap page: at most `limit` pages of the kind from `firstKey` on (all from the start
 * without it), by key, in one query over the primary key's index.
 */
export async function findSitemapRows(
  db: Database,
  kind: SitemapKind,
  firstKey: string | number | null,
  limit: number,
): Promise<SitemapRow[]> {
  const source = SOURCES[kind];
  return db
    .select({ key: sql<string>`${source.key}::text`, lastmod: w3cDatetime(source.lastmod) })
    .from(source.table)
    .where(and(source.visible, firstKey === null ? undefined : gte(source.key, firstKey)))
    .orderBy(asc(source.key))
    .limit(limit);
}

/**
 * The pages a kind fills at `pageSize` rows each, in order: each page's first key and its
 * newest lastmod, in one query (the rows numbered by key, every `pageSize`-th kept).
 */
export async function findSitemapPages(
  db: Database,
  kind: SitemapKind,
  pageSize: number,
): Promise<SitemapRow[]> {
  const source = SOURCES[kind];
  // A constant of the code, never input: written into the statement as it is.
  const size = sql.raw(String(Math.trunc(pageSize)));
  const numbered = db
    .select({
      key: sql`${source.key}`.as('key'),
      lastmod: sql`${source.lastmod}`.as('lastmod'),
      n: sql<number>`row_number() over (order by ${source.key}) - 1`.as('n'),
    })
    .from(source.table)
    .where(source.visible)
    .as('numbered');
  const paged = db
    .select({
      key: numbered.key,
      n: numbered.n,
      pageLastmod: sql`max(${numbered.lastmod}) over (partition by ${numbered.n} / ${size})`.as(
        'page_lastmod',
      ),
    })
    .from(numbered)
    .as('paged');
  return db
    .select({
      key: sql<string>`${paged.key}::text`,
      lastmod: w3cDatetime(sql`${paged.pageLastmod}`),
    })
    .from(paged)
    .where(sql`${paged.n} % ${size} = 0`)
    .orderBy(asc(paged.n));
}
