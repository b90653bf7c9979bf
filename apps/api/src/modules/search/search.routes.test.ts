import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, searchDocuments } from '../../db/schema/index.js';
import { createAuthClient } from '../../../test/auth-client.js';
import {
  createPostClient,
  NEAR_TOKYO_STATION,
  type PostData,
  type TestAuth,
} from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { backfillSearchIndex } from './search-index.service.js';

/** Post search, tags and word mutes through HTTP, on PostgreSQL and PGlite (docs/search.md). */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
let alice: TestAuth;
let bob: TestAuth;
let carol: TestAuth;
let dave: TestAuth;
const origin = 'http://localhost:3000';
let now = new Date('2026-11-01T03:00:00Z');

const spot = (title: string, body = '') => ({ kind: 'spot', title, body, ...NEAR_TOKYO_STATION });

async function search(q: string, auth: TestAuth = {}, extra = '') {
  const response = await client.json(
    'GET',
    `/search/posts?q=${encodeURIComponent(q)}${extra}`,
    auth,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    items: Array<{
      type: string;
      post: PostData & { word_muted?: true };
      comment: { body: string } | null;
    }>;
    next_cursor: string | null;
  };
}
const titlesOf = (page: Awaited<ReturnType<typeof search>>) =>
  page.items.map((hit) => (hit.comment ? `comment:${hit.comment.body}` : hit.post.title));

let ekiben: PostData;
let apart: PostData;
let carolsPost: PostData;
let hidden: PostData;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin }, { clock: () => now });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  alice = { token: (await accounts.insertMemberAndLogIn('alice@example.jp')).token };
  bob = { token: (await accounts.insertMemberAndLogIn('bob@example.jp')).token };
  carol = { token: (await accounts.insertMemberAndLogIn('carol@example.jp')).token };
  dave = { token: (await accounts.insertMemberAndLogIn('dave@example.jp')).token };

  ekiben = await client.createdPost(bob, spot('名物の駅弁', '#紅葉 を見ながら食べた'));
  apart = await client.createdPost(bob, spot('駅の売店', '弁当を買った ＃紅葉'));
  await client.createdPost(bob, spot('サクラ並木'));
  await client.createdPost(dave, spot('ｻｸﾗの季節'));
  await client.createdPost(dave, spot('ライトアップされた紅葉'));
  await client.createdPost(bob, spot('紅葉ライトアップの夜'));
  carolsPost = await client.createdPost(carol, spot('秘密の駅弁', '#秘密'));
  hidden = await client.createdPost(dave, spot('隠された駅弁', '#秘密'));
  await ctx.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, hidden.id));
  // Carol blocks Alice: Alice never sees Carol's texts.
  const block = await client.json(
    'POST',
    `/users/${alice.token ? await idOf(alice) : ''}/block`,
    carol,
  );
  expect(block.statusCode, block.body).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
});

async function idOf(auth: TestAuth): Promise<string> {
  const response = await client.json('GET', '/auth/me', auth);
  return response.json().data.user?.id ?? response.json().data.id;
}

describe('GET /api/v2/search/posts', () => {
  it('finds a two-character word only where it is written as one (駅弁, not 駅 … 弁当)', async () => {
    const page = await search('駅弁');
    expect(titlesOf(page)).toContain('名物の駅弁');
    expect(titlesOf(page)).not.toContain('駅の売店');
    expect(page.items.find((hit) => hit.post.id === apart.id)).toBeUndefined();
  });

  it('finds さくら written in katakana and half-width katakana', async () => {
    const page = await search('さくら');
    expect(titlesOf(page).sort()).toEqual(['サクラ並木', 'ｻｸﾗの季節'].sort());
    expect(titlesOf(await search('ｻｸﾗ')).sort()).toEqual(titlesOf(page).sort());
  });

  it('ranks a text holding the phrase as one run before newer texts holding its words apart', async () => {
    const page = await search('紅葉 ライトアップ');
    expect(titlesOf(page)).toEqual(['紅葉ライトアップの夜', 'ライトアップされた紅葉']);
  });

  it('treats #紅葉 and ＃紅葉 as one tag', async () => {
    const halfWidth = await search('#紅葉');
    const fullWidth = await search('＃紅葉');
    expect(titlesOf(halfWidth).sort()).toEqual(['名物の駅弁', '駅の売店'].sort());
    expect(titlesOf(fullWidth)).toEqual(titlesOf(halfWidth));
    const tag = await client.json('GET', `/tags/${encodeURIComponent('＃紅葉')}`);
    expect(tag.json().data).toMatchObject({ name: '紅葉', post_count: 2, followed: false });
  });

  it('never returns a hidden post, or one by a member who blocked the searcher, nor counts them', async () => {
    expect(titlesOf(await search('駅弁', alice))).toEqual(['名物の駅弁']);
    expect(titlesOf(await search('駅弁'))).toEqual(
      expect.arrayContaining(['名物の駅弁', '秘密の駅弁']),
    );
    expect(titlesOf(await search('駅弁'))).not.toContain('隠された駅弁');
    // Its author still finds their own hidden post.
    expect(titlesOf(await search('隠された', dave))).toEqual(['隠された駅弁']);
    const count = async (auth: TestAuth) =>
      (await client.json('GET', `/tags/${encodeURIComponent('秘密')}`, auth)).json().data
        .post_count;
    expect(await count({})).toBe(1);
    expect(await count(alice)).toBe(0);
    // Two members used #秘密, but one post is hidden and the other's author blocked Alice.
    await client.createdPost(bob, spot('話題', '#秘密'));
    const trending = async (auth: TestAuth) =>
      (await client.json('GET', '/tags/trending', auth))
        .json()
        .data.items.map((item: { name: string }) => item.name);
    expect(await trending({})).toContain('秘密');
    expect(await trending(alice)).not.toContain('秘密');
    expect(await trending(carol)).toContain('秘密');
    expect(carolsPost.id).toBeTruthy();
  });

  it('finds comments as comments on their post, and follows edits and deletes', async () => {
    const comment = await client.json('POST', `/posts/${ekiben.id}/comments`, dave, {
      body: '幕の内がおいしい',
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const found = await search('幕の内');
    expect(found.items).toMatchObject([{ type: 'comment', post: { id: ekiben.id } }]);
    const edited = await client.updatePost(bob, apart.id, { title: '駅の売店（閉店）' });
    expect(edited.statusCode).toBe(200);
    expect(titlesOf(await search('閉店'))).toEqual(['駅の売店（閉店）']);
    const deleted = await client.json('DELETE', `/posts/${ekiben.id}`, bob);
    expect(deleted.statusCode).toBe(200);
    expect((await search('幕の内')).items).toEqual([]);
    expect(titlesOf(await search('駅弁'))).not.toContain('名物の駅弁');
  });

  it('pages by keyset without repeating or skipping, and filters', async () => {
    const first = await search('紅葉', {}, '&limit=1');
    expect(first.items).toHaveLength(1);
    const second = await search('紅葉', {}, `&limit=1&cursor=${first.next_cursor}`);
    expect(second.items[0]!.post.id).not.toBe(first.items[0]!.post.id);
    const all = await search('紅葉', {}, '&limit=100');
    expect(all.items.slice(0, 2).map((hit) => hit.post.id)).toEqual([
      first.items[0]!.post.id,
      second.items[0]!.post.id,
    ]);
    const byDave = await search('紅葉', {}, `&user_id=${await idOf(dave)}`);
    expect(titlesOf(byDave)).toEqual(['ライトアップされた紅葉']);
    expect((await search('紅葉', {}, '&with_photo=true')).items).toEqual([]);
    expect((await search('紅葉', {}, '&kind=event')).items).toEqual([]);
    expect((await search('紅葉', {}, '&from=2099-01-01')).items).toEqual([]);
  });

  it('refuses an empty query, a query of punctuation only and a forged cursor with field errors', async () => {
    for (const [url, field] of [
      ['/search/posts?q=', 'q'],
      ['/search/posts?q=%E3%80%82%EF%BC%81', 'q'],
      ['/search/posts?q=a&cursor=xyz', 'cursor'],
      ['/search/posts?q=a&from=2026-02-01&to=2026-01-01', 'to'],
    ] as const) {
      const response = await client.json('GET', url);
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors[field], url).toBeTruthy();
    }
  });

  it('indexes posts written before the index existed', async () => {
    await ctx.db.delete(searchDocuments);
    expect(await backfillSearchIndex(ctx.db)).toBeGreaterThan(0);
    expect(titlesOf(await search('さくら')).length).toBe(2);
    expect(await backfillSearchIndex(ctx.db)).toBe(0);
  });
});

describe('tags', () => {
  it('a followed tag brings its posts into the follow timeline', async () => {
    const followTimeline = async () => {
      const response = await client.json('GET', '/timeline/posts?scope=follow&limit=100', alice);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.items.map((post: { id: string }) => post.id);
    };
    expect(await followTimeline()).toEqual([]);
    const followed = await client.json('POST', `/tags/${encodeURIComponent('紅葉')}/follow`, alice);
    expect(followed.json().data).toMatchObject({ name: '紅葉', followed: true });
    expect(await followTimeline()).toContain(apart.id);
    expect((await client.json('GET', '/tags/followed', alice)).json().data.items).toEqual([
      { name: '紅葉' },
    ]);
    await client.json('DELETE', `/tags/${encodeURIComponent('紅葉')}/follow`, alice);
    expect(await followTimeline()).toEqual([]);
    expect((await client.json('POST', '/tags/1234/follow', alice)).statusCode).toBe(422);
  });
});

describe('the sitemap of tags', () => {
  it('lists a tag once it has five public posts', async () => {
    const sitemap = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/sitemap-tags-1.xml' })).body;
    for (let i = 0; i < 4; i += 1) await client.createdPost(dave, spot(`鉄橋${i}`, '#鉄道写真'));
    expect(await sitemap()).not.toContain('/tag/%E9%89%84%E9%81%93%E5%86%99%E7%9C%9F');
    const fifth = await client.createdPost(dave, spot('鉄橋4', '#鉄道写真'));
    expect(await sitemap()).toContain('/tag/%E9%89%84%E9%81%93%E5%86%99%E7%9C%9F');
    const index = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.body).toContain('/sitemap-tags-1.xml');
    // A hidden post does not count.
    await ctx.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, fifth.id));
    expect(await sitemap()).not.toContain('/tag/%E9%89%84%E9%81%93%E5%86%99%E7%9C%9F');
  });
});

describe('word mutes', () => {
  it('fold or hide a word in search and the timeline until the clock passes their hour', async () => {
    const added = await client.json('POST', '/word-mutes', alice, {
      phrase: 'さくら',
      duration: '1h',
      mode: 'fold',
    });
    expect(added.statusCode, added.body).toBe(201);
    const folded = await search('並木', alice);
    expect(folded.items[0]!.post).toMatchObject({ title: 'サクラ並木', word_muted: true });
    const timeline = await client.json('GET', '/timeline/posts?scope=all&limit=100', alice);
    const items = timeline.json().data.items as Array<{ title: string; word_muted?: true }>;
    expect(
      items
        .filter((post) => post.word_muted)
        .map((post) => post.title)
        .sort(),
    ).toEqual(['サクラ並木', 'ｻｸﾗの季節'].sort());

    const hide = await client.json('POST', '/word-mutes', alice, {
      phrase: 'ＳＡＫＵＲＡ並木',
      duration: 'forever',
      mode: 'hide',
    });
    expect(hide.statusCode).toBe(201);
    await client.createdPost(bob, spot('sakura並木'));
    expect((await search('並木', alice)).items.map((hit) => hit.post.title)).toEqual([
      'サクラ並木',
    ]);

    now = new Date(now.getTime() + 61 * 60_000);
    expect((await search('並木', alice)).items[0]!.post.word_muted).toBeUndefined();
    const list = await client.json('GET', '/word-mutes', alice);
    expect(list.json().data.items.map((mute: { phrase: string }) => mute.phrase)).toEqual([
      'ＳＡＫＵＲＡ並木',
    ]);
    const removed = await client.json('DELETE', `/word-mutes/${hide.json().data.id}`, alice);
    expect(removed.statusCode).toBe(200);
    expect(
      (await client.json('DELETE', `/word-mutes/${hide.json().data.id}`, alice)).statusCode,
    ).toBe(404);
  });

  it('refuses a visitor and a bad body', async () => {
    expect((await client.json('GET', '/word-mutes')).statusCode).toBe(401);
    const bad = await client.json('POST', '/word-mutes', alice, {
      phrase: '',
      duration: '2h',
      mode: 'hide',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['duration', 'phrase']);
  });
});
