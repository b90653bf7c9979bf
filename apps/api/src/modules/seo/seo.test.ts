import { and, count, eq, max } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { lines, posts, stationDataImports, stationGroups, users } from '../../db/schema/index.js';
import { findSitemapPages, findSitemapRows } from './seo.repository.js';
import { SITEMAP_PAGE_SIZE } from './seo.service.js';
import { buildComments, buildLists, buildPosts, buildUsers } from '../../../test/factories.js';

const origin = 'https://ekispot.example';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** A W3C datetime, as the sitemap protocol takes it (docs/seo.md#sitemaps). */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const ids = {
  member: '',
  pending: '',
  leaver: '',
  spot: '',
  event: '',
  removedPost: '',
  leaverPost: '',
  publicList: '',
  privateList: '',
  leaverList: '',
  tokyo: 0,
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

interface Entry {
  loc: string;
  lastmod?: string;
}

/**
 * What the protocol's schemas allow (docs/seo.md#sitemaps): one root (`sitemapindex` of
 * `sitemap`s, or `urlset` of `url`s) in the protocol's namespace with no other attribute, at
 * most 50,000 entries and 50 MB; each entry a required `loc` and only the optional elements its
 * kind allows.
 */
const ENTRY_ELEMENTS = {
  sitemapindex: { entry: 'sitemap', allowed: ['loc', 'lastmod'] },
  urlset: { entry: 'url', allowed: ['loc', 'lastmod', 'changefreq', 'priority'] },
} as const;

function expectSitemapSchema(body: string, document: Record<string, unknown>) {
  expect(Buffer.byteLength(body)).toBeLessThanOrEqual(50 * 1024 * 1024);
  const roots = Object.keys(document).filter((key) => key !== '?xml');
  expect(roots).toHaveLength(1);
  const root = roots[0] as keyof typeof ENTRY_ELEMENTS;
  expect(Object.keys(ENTRY_ELEMENTS)).toContain(root);
  const { entry, allowed } = ENTRY_ELEMENTS[root];
  const element = document[root] as Record<string, unknown>;
  expect(Object.keys(element).sort()).toEqual(['@xmlns', entry].sort());
  expect(element['@xmlns']).toBe(NAMESPACE);
  const entries = element[entry] as Record<string, unknown>[];
  expect(entries.length).toBeLessThanOrEqual(50_000);
  for (const item of entries) {
    expect(typeof item.loc).toBe('string');
    for (const key of Object.keys(item)) expect(allowed).toContain(key);
  }
}

async function getXml(url: string) {
  const response = await ctx.app.inject(url);
  expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(XMLValidator.validate(response.body)).toBe(true);
  const document = parser.parse(response.body) as Record<string, unknown>;
  expectSitemapSchema(response.body, document);
  return { response, document };
}

async function readIndex(): Promise<Entry[]> {
  const { document } = await getXml('/sitemap.xml');
  const index = document.sitemapindex as { '@xmlns': string; sitemap: Entry[] };
  expect(index['@xmlns']).toBe(NAMESPACE);
  return index.sitemap;
}

/** Every page address the sitemaps of one kind list, read through the index. */
async function readKind(kind: string): Promise<Entry[]> {
  const prefix = `${origin}/sitemap-${kind}-`;
  const entries: Entry[] = [];
  for (const sitemap of (await readIndex()).filter((entry) => entry.loc.startsWith(prefix))) {
    const { document } = await getXml(sitemap.loc.slice(origin.length));
    const urlset = document.urlset as { '@xmlns': string; url: Entry[] };
    expect(urlset['@xmlns']).toBe(NAMESPACE);
    expect(urlset.url.length).toBeLessThanOrEqual(Math.min(SITEMAP_PAGE_SIZE, 50_000));
    entries.push(...urlset.url);
  }
  return entries;
}

const idsOf = (entries: Entry[], pattern: RegExp) =>
  entries.map((entry) => pattern.exec(entry.loc)?.[1]);

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  const [member, pending, leaver] = await buildUsers(ctx.db, [
    {
      name: '駅好き',
      email: 'seo-member@example.jp',
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
    },
    { name: '確認待ち', email: 'seo-pending@example.jp', passwordHash: 'x' },
    {
      name: '退会予定',
      email: 'seo-leaver@example.jp',
      passwordHash: 'x',
      emailVerifiedAt: new Date(),
    },
  ]);
  ids.member = member!.id;
  ids.pending = pending!.id;
  ids.leaver = leaver!.id;
  const [tokyo] = await ctx.db
    .select({ id: stationGroups.id })
    .from(stationGroups)
    .where(and(eq(stationGroups.name, '東京'), eq(stationGroups.prefectureId, 13)));
  ids.tokyo = tokyo!.id;

  const [spot, event, removed, leaverPost] = await buildPosts(ctx.db, [
    {
      userId: ids.member,
      kind: 'spot',
      title: '駅前の広場',
      lat: 35.68,
      lng: 139.76,
      stationGroupId: ids.tokyo,
      createdAt: new Date('2030-01-01T00:00:00Z'),
      updatedAt: new Date('2030-01-01T00:00:00Z'),
    },
    {
      userId: ids.member,
      kind: 'event',
      title: '駅まつり',
      stationGroupId: ids.tokyo,
      startsAt: new Date('2030-05-01T01:00:00Z'),
      endsAt: new Date('2030-05-01T08:00:00Z'),
    },
    { userId: ids.member, kind: 'spot', title: '消した投稿', lat: 35, lng: 139 },
    { userId: ids.leaver, kind: 'spot', title: '退会した人の投稿', lat: 35, lng: 139 },
  ]);
  ids.spot = spot!.id;
  ids.event = event!.id;
  ids.removedPost = removed!.id;
  ids.leaverPost = leaverPost!.id;
  await buildComments(ctx.db, [
    {
      postId: ids.spot,
      userId: ids.member,
      body: 'いいですね',
      createdAt: new Date('2031-02-03T04:05:06.789Z'),
    },
  ]);
  const [publicList, privateList, leaverList] = await buildLists(ctx.db, [
    { userId: ids.member, title: '公開リスト' },
    { userId: ids.member, title: '非公開リスト', isPublic: false },
    { userId: ids.leaver, title: '退会した人のリスト' },
  ]);
  ids.publicList = publicList!.id;
  ids.privateList = privateList!.id;
  ids.leaverList = leaverList!.id;
  // Withdrawn: a deleted post, and a member who left (their posts and lists go with the row).
  await ctx.db.delete(posts).where(eq(posts.id, ids.removedPost));
  await ctx.db.delete(users).where(eq(users.id, ids.leaver));
});
afterAll(async () => {
  await ctx?.close();
});

describe('sitemap index', () => {
  it('lists the first sitemap of every kind, at absolute addresses on PUBLIC_URL', async () => {
    const { response } = await getXml('/sitemap.xml');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    // Weak: the compression plugin may send it in any encoding.
    expect(response.headers.etag).toMatch(/^W\/"[\w-]+"$/);
    const locs = (await readIndex()).map((entry) => entry.loc);
    for (const kind of ['stations', 'lines', 'posts', 'lists', 'profiles']) {
      expect(locs).toContain(`${origin}/sitemap-${kind}-1.xml`);
    }
    for (const entry of await readIndex()) {
      expect(entry.loc.startsWith(`${origin}/sitemap-`)).toBe(true);
      expect(entry.lastmod).toMatch(W3C_DATETIME);
    }
  });

  it('answers 304 to If-None-Match with its ETag, for the index and a sitemap', async () => {
    for (const url of ['/sitemap.xml', '/sitemap-lines-1.xml', '/robots.txt']) {
      const first = await ctx.app.inject(url);
      const again = await ctx.app.inject({
        url,
        headers: { 'if-none-match': first.headers.etag as string },
      });
      expect({ url, status: again.statusCode }).toEqual({ url, status: 304 });
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(first.headers.etag);
    }
  });
});

describe('sitemaps', () => {
  it('list every station group, open and closed, once', async () => {
    const entries = await readKind('stations');
    const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(stationGroups);
    const [closed] = await ctx.db
      .select({ id: stationGroups.id })
      .from(stationGroups)
      .where(eq(stationGroups.closed, true))
      .limit(1);
    const listed = idsOf(entries, /^https:\/\/ekispot\.example\/station\/(\d+)$/);
    expect(listed).not.toContain(undefined);
    expect(new Set(listed).size).toBe(entries.length);
    expect(entries.length).toBe(total);
    expect(listed).toContain(String(closed!.id));
  });

  it('give a station the newest post there as lastmod, else the station data import', async () => {
    const entries = await readKind('stations');
    const lastmodOf = (id: number) =>
      entries.find((entry) => entry.loc === `${origin}/station/${id}`)?.lastmod;
    expect(lastmodOf(ids.tokyo)).toBe('2030-01-01T00:00:00Z');
    const [imported] = await ctx.db
      .select({ at: max(stationDataImports.importedAt) })
      .from(stationDataImports);
    const [quiet] = await ctx.db
      .select({ id: stationGroups.id })
      .from(stationGroups)
      .where(eq(stationGroups.name, '安中榛名'));
    const importTime = new Date(imported!.at!).toISOString().replace(/\.\d+Z$/, 'Z');
    expect(lastmodOf(quiet!.id)).toBe(importTime);
  });

  it('list every line', async () => {
    const entries = await readKind('lines');
    const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(lines);
    expect(entries.length).toBe(total);
    expect(entries.map((entry) => entry.loc)).toContain(`${origin}/line/11302`);
  });

  it('list posts, public lists and members, leaving out what is private or gone', async () => {
    const postLocs = (await readKind('posts')).map((entry) => entry.loc);
    expect(postLocs).toContain(`${origin}/post/${ids.spot}`);
    expect(postLocs).toContain(`${origin}/post/${ids.event}`);
    expect(postLocs).not.toContain(`${origin}/post/${ids.removedPost}`);
    expect(postLocs).not.toContain(`${origin}/post/${ids.leaverPost}`);

    const listLocs = (await readKind('lists')).map((entry) => entry.loc);
    expect(listLocs).toContain(`${origin}/list/${ids.publicList}`);
    expect(listLocs).not.toContain(`${origin}/list/${ids.privateList}`);
    expect(listLocs).not.toContain(`${origin}/list/${ids.leaverList}`);

    const profileLocs = (await readKind('profiles')).map((entry) => entry.loc);
    expect(profileLocs).toContain(`${origin}/profile/${ids.member}/posts`);
    expect(profileLocs).not.toContain(`${origin}/profile/${ids.pending}/posts`);
    expect(profileLocs).not.toContain(`${origin}/profile/${ids.leaver}/posts`);
  });

  it('date a post by its newest comment and a member by their newest post', async () => {
    const posts = await readKind('posts');
    expect(posts.find((entry) => entry.loc.endsWith(ids.spot))?.lastmod).toBe(
      '2031-02-03T04:05:06Z',
    );
    const profiles = await readKind('profiles');
    expect(profiles.find((entry) => entry.loc.includes(ids.member))?.lastmod).toBe(
      '2030-01-01T00:00:00Z',
    );
  });

  it('write only absolute addresses on PUBLIC_URL of at most 2,048 characters, with W3C dates', async () => {
    for (const kind of ['stations', 'lines', 'posts', 'lists', 'profiles']) {
      for (const entry of await readKind(kind)) {
        expect(entry.loc.startsWith(`${origin}/`)).toBe(true);
        expect(new URL(entry.loc).origin).toBe(origin);
        expect(entry.loc.length).toBeLessThanOrEqual(2048);
        expect(entry.lastmod).toMatch(W3C_DATETIME);
      }
    }
  });

  it('answer 404 for a sitemap the index does not name', async () => {
    for (const url of [
      '/sitemap-trains-1.xml',
      '/sitemap-posts-2.xml',
      `/sitemap-posts-1.xml?from=${ids.spot}`,
      '/sitemap-stations-2.xml?from=abc',
      '/sitemap-posts-2.xml?from=ffffffff-ffff-7fff-bfff-ffffffffffff',
      '/sitemap-stations-0.xml',
      '/sitemap-stations-1.json',
    ]) {
      const response = await ctx.app.inject(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
    }
  });
});

describe('keyset pages', () => {
  it('cover every row once, in key order: each page starts at the key the index gives it', async () => {
    // Station ids have six to eight digits: pages follow the number, not the text.
    const pageSize = 2_000;
    const pages = await findSitemapPages(ctx.db, 'stations', pageSize);
    const [{ total } = { total: 0 }] = await ctx.db.select({ total: count() }).from(stationGroups);
    expect(pages.length).toBe(Math.ceil(total / pageSize));
    const seen: number[] = [];
    for (const [index, page] of pages.entries()) {
      const firstKey = index === 0 ? null : Number(page.key);
      const rows = await findSitemapRows(ctx.db, 'stations', firstKey, pageSize);
      expect(rows[0]?.key).toBe(page.key);
      expect(rows.length).toBe(index === pages.length - 1 ? total - index * pageSize : pageSize);
      // A page's lastmod in the index is the newest of its rows'.
      expect(page.lastmod).toBe(
        rows
          .map((row) => row.lastmod ?? '')
          .sort()
          .at(-1),
      );
      seen.push(...rows.map((row) => Number(row.key)));
    }
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(total);
  });
});

describe('robots.txt', () => {
  it('points at the sitemap and keeps crawlers off the API reference and the member pages', async () => {
    const response = await ctx.app.inject('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(lines).toContain('Disallow: /api/docs');
    expect(lines).toContain('Disallow: /settings/');
    expect(lines).not.toContain('Disallow: /api/');
  });
});
