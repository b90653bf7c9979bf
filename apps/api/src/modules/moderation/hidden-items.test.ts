import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import {
  createPostClient,
  NEAR_TOKYO_STATION,
  pngFile,
  type TestAuth,
} from '../../../test/post-client.js';
import { openSse } from '../../../test/sse-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { comments, lists, mailOutbox, notifications, posts, users } from '../../db/schema/index.js';
import { findPushContent } from '../push/push-outbox.repository.js';

/**
 * What a moderator took out of sight (docs/moderation.md#hidden-items), through every read path:
 * a hidden post, comment or list is seen by its author alone (with `hidden: true`), everything
 * of a suspended member by nobody, and showing them again brings everything back. The hides are
 * written to the columns directly; the moderators' actions that set them are tested beside
 * them. Every test makes its own members, so any one passes alone and in any order.
 */

const origin = 'https://ekispot.example';
const TEMPLATE =
  '<!doctype html><html lang="ja"><head><meta charset="UTF-8" />' +
  '<title>えきスポ</title></head><body><div id="root"></div></body></html>';
/** Around 東京駅, at a zoom that is answered from the database (not the shared country view). */
const MARKERS = '/map/markers?bbox=139.70,35.60,139.85,35.75&zoom=14&kinds=spot,event';

type Member = TestAuth & { id: string };

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
let accounts: ReturnType<typeof createAuthClient>;
let distDir: string;
const visitor: TestAuth = {};

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-hidden-'));
  await fs.writeFile(path.join(distDir, 'index.html'), TEMPLATE);
  ctx = await createTestApp({ PUBLIC_URL: origin, WEB_DIST_DIR: distDir });
  client = createPostClient(ctx, origin);
  accounts = createAuthClient(ctx, origin);
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

const members = (prefix: string, count: number): Promise<Member[]> =>
  accounts.members(prefix, count);

async function get(url: string, auth: TestAuth = visitor) {
  return client.json('GET', url, auth);
}

/** The data of a 200 answer. */
async function data<T = Record<string, unknown>>(url: string, auth: TestAuth = visitor) {
  const response = await get(url, auth);
  expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
  return response.json().data as T;
}

async function status(url: string, auth: TestAuth = visitor) {
  return (await get(url, auth)).statusCode;
}

type Item = { id: string; hidden?: true; [key: string]: unknown };

/** The items of a page (a 200 answer), by id. */
async function items(url: string, auth: TestAuth = visitor): Promise<Map<string, Item>> {
  const page = await data<{ items: Item[] }>(url, auth);
  return new Map(page.items.map((item) => [item.id, item]));
}

async function itemIds(url: string, auth: TestAuth = visitor) {
  return [...(await items(url, auth)).keys()];
}

/** The post ids of a list's items (a 200 answer). */
async function listPostIds(listId: string, auth: TestAuth = visitor) {
  const page = await data<{ items: { post: { id: string } | null }[] }>(
    `/lists/${listId}/items`,
    auth,
  );
  return page.items.flatMap((item) => (item.post ? [item.post.id] : []));
}

async function markerIds() {
  const page = await data<{ items: { id: string }[] }>(MARKERS);
  return page.items.map((item) => item.id);
}

/** The addresses of a sitemap (none when it has no page at all). */
async function sitemap(kind: 'posts' | 'lists' | 'profiles') {
  const response = await ctx.app.inject(`/sitemap-${kind}-1.xml`);
  if (response.statusCode === 404) return '';
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The status of a page of the web app as a crawler gets it (its link preview). */
async function sharePage(url: string) {
  return (await ctx.app.inject(url)).statusCode;
}

async function newList(owner: Member, title: string) {
  const response = await client.json('POST', '/lists', owner, { title, is_public: true });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string };
}

async function addPostItem(owner: Member, listId: string, postId: string) {
  const response = await client.json('POST', `/lists/${listId}/items`, owner, {
    post_id: postId,
    note: '',
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function comment(author: Member, postId: string, body: string) {
  const response = await client.json('POST', `/posts/${postId}/comments`, author, { body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string };
}

/**
 * The changes below are written to the database directly, not through a request: the kept
 * pages are dropped as a moderator's action through the API drops them (and as the 30 s a page
 * is kept at most would, for a suspension that runs out; docs/architecture.md#page-cache).
 */
const forgetKeptPages = () => ctx.app.pageCache.invalidate();

const setPostHidden = async (id: string, hidden: boolean) => {
  await ctx.db
    .update(posts)
    .set({ hiddenAt: hidden ? new Date() : null })
    .where(eq(posts.id, id));
  forgetKeptPages();
};

describe('a post a moderator hid', () => {
  it('is gone for everyone but its author, who sees it with hidden: true, until it is shown again', async () => {
    const [author, other, curator] = await members('hidden-post', 3);
    const spot = await client.createdPost(author!, {
      kind: 'spot',
      title: '隠される広場',
      ...NEAR_TOKYO_STATION,
    });
    const station = spot.station_group_id;
    expect(station).not.toBeNull();
    const event = await client.createdPost(other!, {
      kind: 'event',
      title: '広場のマルシェ',
      starts_at: '2030-05-01T10:00:00+09:00',
      ends_at: '2030-05-01T16:00:00+09:00',
      parent_post_id: spot.id,
    });
    const list = await newList(curator!, '東京駅の広場');
    await addPostItem(curator!, list.id, spot.id);
    await addPostItem(curator!, list.id, event.id);

    const reads = {
      timeline: '/timeline/posts?limit=100',
      station: `/stations/${station}/posts?limit=100`,
      profile: `/users/${author!.id}/posts?limit=100`,
    };
    const postUrl = `${origin}/post/${spot.id}`;

    const postCount = async (auth: TestAuth) =>
      (await data<{ post_count: number }>(`/users/${author!.id}`, auth)).post_count;
    /** The station's link preview tells its number of posts. */
    const stationPreviewCount = async () => {
      const html = (await ctx.app.inject(`/station/${station}`)).body;
      return Number(/投稿(\d+)件/.exec(html)?.[1]);
    };

    async function expectShownTo(auth: TestAuth, hidden: boolean) {
      expect((await data<Item>(`/posts/${spot.id}`, auth)).hidden).toBe(hidden ? true : undefined);
      expect(await postCount(auth)).toBe(1);
      for (const url of Object.values(reads)) {
        const page = await items(url, auth);
        expect(page.has(spot.id), url).toBe(true);
        expect(page.get(spot.id)?.hidden, url).toBe(hidden ? true : undefined);
      }
    }
    async function expectGoneFor(auth: TestAuth) {
      expect(await status(`/posts/${spot.id}`, auth)).toBe(404);
      expect(await postCount(auth)).toBe(0);
      for (const url of Object.values(reads)) {
        expect(await itemIds(url, auth), url).not.toContain(spot.id);
      }
      expect(await listPostIds(list.id, auth)).toEqual([event.id]);
      // The child stays, without its hidden parent.
      const child = await data<{ parent: unknown; parent_post_id: string }>(
        `/posts/${event.id}`,
        auth,
      );
      expect(child.parent).toBeNull();
      expect(child.parent_post_id).toBe(spot.id);
    }

    for (const auth of [visitor, other!, curator!]) await expectShownTo(auth, false);
    expect(await listPostIds(list.id)).toEqual([spot.id, event.id]);
    expect(await markerIds()).toContain(spot.id);
    expect(await sitemap('posts')).toContain(postUrl);
    expect(await sharePage(`/post/${spot.id}`)).toBe(200);
    const stationPosts = await stationPreviewCount();
    expect(stationPosts).toBeGreaterThan(0);

    await setPostHidden(spot.id, true);
    for (const auth of [visitor, other!, curator!]) await expectGoneFor(auth);
    await expectShownTo(author!, true);
    // The list's owner too: nobody but the author sees it, in the list or its export.
    expect(await listPostIds(list.id, curator!)).toEqual([event.id]);
    const exported = await get(`/lists/${list.id}/export?format=geojson`, curator!);
    expect(exported.body).not.toContain(spot.id);
    expect(await markerIds()).not.toContain(spot.id);
    expect(await sitemap('posts')).not.toContain(postUrl);
    expect(await sharePage(`/post/${spot.id}`)).toBe(404);
    expect(await stationPreviewCount()).toBe(stationPosts - 1);
    // Nobody else comments on, or adds to a list, what they cannot see.
    expect((await client.json('GET', `/posts/${spot.id}/comments`, other!)).statusCode).toBe(404);
    const second = await newList(other!, '見えない投稿のリスト');
    const add = await client.json('POST', `/lists/${second.id}/items`, other!, {
      post_id: spot.id,
      note: '',
    });
    expect(add.statusCode).toBe(422);

    await setPostHidden(spot.id, false);
    for (const auth of [visitor, other!, curator!, author!]) await expectShownTo(auth, false);
    expect(await listPostIds(list.id)).toEqual([spot.id, event.id]);
    expect(await markerIds()).toContain(spot.id);
    expect(await sitemap('posts')).toContain(postUrl);
    expect(await sharePage(`/post/${spot.id}`)).toBe(200);
  });

  it('leaves its parent’s child count and children for everyone but its author', async () => {
    const [owner, author] = await members('hidden-child', 2);
    const spot = await client.createdPost(owner!, {
      kind: 'spot',
      title: '子を持つ広場',
      ...NEAR_TOKYO_STATION,
    });
    const event = await client.createdPost(author!, {
      kind: 'event',
      title: '隠される催し',
      starts_at: '2030-06-01T10:00:00+09:00',
      ends_at: '2030-06-01T16:00:00+09:00',
      parent_post_id: spot.id,
    });
    const children = `/posts?parent_post_id=${spot.id}`;
    const childCount = async (auth: TestAuth) =>
      (await data<{ child_count: number }>(`/posts/${spot.id}`, auth)).child_count;

    await setPostHidden(event.id, true);
    for (const auth of [visitor, owner!]) {
      expect(await childCount(auth)).toBe(0);
      expect(await itemIds(children, auth)).toEqual([]);
    }
    expect(await childCount(author!)).toBe(1);
    expect(await itemIds(children, author!)).toEqual([event.id]);

    await setPostHidden(event.id, false);
    expect(await childCount(visitor)).toBe(1);
  });

  it('stays off a list’s reorder without losing its place', async () => {
    const [owner, author] = await members('hidden-order', 2);
    const make = (title: string) =>
      client.createdPost(author!, { kind: 'spot', title, ...NEAR_TOKYO_STATION });
    const [first, hidden, last] = [await make('一'), await make('二'), await make('三')];
    const list = await newList(owner!, '並べ替え');
    for (const post of [first, hidden, last]) await addPostItem(owner!, list.id, post.id);
    const itemIdsOf = async () =>
      (await data<{ items: { id: string }[] }>(`/lists/${list.id}/items`, owner!)).items.map(
        (item) => item.id,
      );
    const [firstItem, hiddenItem, lastItem] = await itemIdsOf();

    await setPostHidden(hidden.id, true);
    expect(await itemIdsOf()).toEqual([firstItem, lastItem]);
    const reorder = await client.json('PUT', `/lists/${list.id}/items/order`, owner!, {
      item_ids: [lastItem, firstItem],
    });
    expect(reorder.statusCode, reorder.body).toBe(200);

    await setPostHidden(hidden.id, false);
    expect(await itemIdsOf()).toEqual([lastItem, hiddenItem, firstItem]);
  });
});

describe('a comment a moderator hid', () => {
  it('is gone, and not counted, for everyone but its author, until it is shown again', async () => {
    const [owner, author, other] = await members('hidden-comment', 3);
    const post = await client.createdPost(owner!, {
      kind: 'spot',
      title: 'コメントのある広場',
      ...NEAR_TOKYO_STATION,
    });
    const hidden = await comment(author!, post.id, '隠されるコメント');
    const kept = await comment(other!, post.id, '残るコメント');
    const list = `/posts/${post.id}/comments?limit=100`;
    const one = `/posts/${post.id}/comments/${hidden.id}`;
    const count = async (auth: TestAuth) =>
      (await data<{ comment_count: number }>(`/posts/${post.id}`, auth)).comment_count;

    await ctx.db.update(comments).set({ hiddenAt: new Date() }).where(eq(comments.id, hidden.id));
    for (const auth of [visitor, owner!, other!]) {
      expect(await itemIds(list, auth)).toEqual([kept.id]);
      expect(await status(one, auth)).toBe(404);
      expect(await count(auth)).toBe(1);
    }
    const own = await items(list, author!);
    expect([...own.keys()]).toEqual([hidden.id, kept.id]);
    expect(own.get(hidden.id)?.hidden).toBe(true);
    expect(own.get(kept.id)?.hidden).toBeUndefined();
    expect((await data<Item>(one, author!)).hidden).toBe(true);
    expect(await count(author!)).toBe(2);
    // Its author may still edit it, and is answered with it.
    const edit = await client.json('PATCH', `/posts/${post.id}/comments/${hidden.id}`, author!, {
      body: '直したコメント',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data.hidden).toBe(true);

    await ctx.db.update(comments).set({ hiddenAt: null }).where(eq(comments.id, hidden.id));
    for (const auth of [visitor, owner!, author!]) {
      expect(await itemIds(list, auth)).toEqual([hidden.id, kept.id]);
      expect((await data<Item>(one, auth)).hidden).toBeUndefined();
      expect(await count(auth)).toBe(2);
    }
  });
});

describe('a list a moderator hid', () => {
  it('is gone for everyone but its owner, who sees it with hidden: true, until it is shown again', async () => {
    const [owner, other] = await members('hidden-list', 2);
    const post = await client.createdPost(owner!, {
      kind: 'spot',
      title: 'リストの広場',
      ...NEAR_TOKYO_STATION,
    });
    const list = await newList(owner!, '隠されるリスト');
    await addPostItem(owner!, list.id, post.id);
    const single = [`/lists/${list.id}`, `/lists/${list.id}/items`];
    const pages = ['/timeline/lists?scope=all&limit=100', `/users/${owner!.id}/lists?limit=100`];
    const listUrl = `${origin}/list/${list.id}`;
    const setHidden = async (hidden: boolean) => {
      await ctx.db
        .update(lists)
        .set({ hiddenAt: hidden ? new Date() : null })
        .where(eq(lists.id, list.id));
      forgetKeptPages();
    };

    expect(await sitemap('lists')).toContain(listUrl);
    await setHidden(true);
    for (const auth of [visitor, other!]) {
      for (const url of [...single, `/lists/${list.id}/export?format=gpx`])
        expect(await status(url, auth), url).toBe(404);
      for (const url of pages) expect(await itemIds(url, auth), url).not.toContain(list.id);
    }
    expect((await data<Item>(`/lists/${list.id}`, owner!)).hidden).toBe(true);
    expect(await listPostIds(list.id, owner!)).toEqual([post.id]);
    for (const url of [...pages.slice(1), '/lists?limit=100']) {
      expect((await items(url, owner!)).get(list.id)?.hidden, url).toBe(true);
    }
    expect(await sitemap('lists')).not.toContain(listUrl);
    expect(await sharePage(`/list/${list.id}`)).toBe(404);
    // Someone else's hidden list is missing to their writes too, not theirs to be refused.
    const write = await client.json('PATCH', `/lists/${list.id}`, other!, { title: '乗っ取り' });
    expect(write.statusCode).toBe(404);

    await setHidden(false);
    for (const auth of [visitor, other!, owner!]) {
      expect((await data<Item>(`/lists/${list.id}`, auth)).hidden).toBeUndefined();
      for (const url of pages) expect(await itemIds(url, auth), url).toContain(list.id);
    }
    expect(await sitemap('lists')).toContain(listUrl);
    expect(await sharePage(`/list/${list.id}`)).toBe(200);
  });

  it('takes no cover from a hidden post', async () => {
    const [owner, author] = await members('hidden-cover', 2);
    const spot = await client.createdPost(author!, {
      kind: 'spot',
      title: '写真の広場',
      ...NEAR_TOKYO_STATION,
    });
    const photo = await client.createdPost(author!, {
      kind: 'image',
      parent_post_id: spot.id,
      'images[0]': await pngFile(),
    });
    const list = await newList(owner!, 'カバーのあるリスト');
    await addPostItem(owner!, list.id, photo.id);
    const cover = async (auth: TestAuth) =>
      (await data<{ cover: { id: string } | null }>(`/lists/${list.id}`, auth)).cover;
    expect((await cover(visitor))?.id).toBe(photo.images[0]?.id);

    await setPostHidden(photo.id, true);
    for (const auth of [visitor, owner!]) expect(await cover(auth)).toBeNull();
    await setPostHidden(photo.id, false);
    expect((await cover(visitor))?.id).toBe(photo.images[0]?.id);
  });
});

describe('a suspended member', () => {
  it('has no profile, posts, comments or lists for anyone, is off the directory, follows and boards, until the suspension ends', async () => {
    const [suspended, other, followee] = await members('suspended', 3);
    const target = await client.createdPost(followee!, {
      kind: 'spot',
      title: 'コメントされる広場',
      ...NEAR_TOKYO_STATION,
    });
    const boardUrl = '/rankings/posts?period=all&limit=100';
    // Ahead of everyone on the board, so the ranks below them show whether they still count.
    const top = (await data<{ items: { score: number }[] }>(boardUrl)).items[0]?.score ?? 0;
    const own = [];
    for (let i = 0; i <= top; i += 1) {
      own.push(
        await client.createdPost(suspended!, {
          kind: 'spot',
          title: `停止される人の広場${i}`,
          ...NEAR_TOKYO_STATION,
        }),
      );
    }
    const post = own[0]!;
    const remark = await comment(suspended!, target.id, '停止される人のコメント');
    const list = await newList(suspended!, '停止される人のリスト');
    const follow = await client.json('POST', `/users/${followee!.id}/follow`, suspended!);
    expect(follow.statusCode, follow.body).toBe(200);

    const profile = `/users/${suspended!.id}`;
    const gone = [profile, `${profile}/posts`, `${profile}/lists`, `/posts/${post.id}`];
    const gone404 = [...gone, `/lists/${list.id}`, `/posts/${target.id}/comments/${remark.id}`];
    const absent: [string, string][] = [
      ['/timeline/posts?limit=100', post.id],
      ['/timeline/lists?scope=all&limit=100', list.id],
      [`/posts/${target.id}/comments`, remark.id],
      ['/users?limit=100', suspended!.id],
      [`/users/${followee!.id}/followers`, suspended!.id],
    ];
    const board = async (auth: TestAuth) =>
      (await data<{ items: { rank: number; user: { id: string } }[] }>(boardUrl, auth)).items;
    const commentCount = async (auth: TestAuth) =>
      (await data<{ comment_count: number }>(`/posts/${target.id}`, auth)).comment_count;

    const before = await board(visitor);
    expect(before[0]?.user.id).toBe(suspended!.id);
    expect(before[1]?.rank).toBe(2);

    const setSuspendedUntil = async (until: Date | null) => {
      await ctx.db.update(users).set({ suspendedUntil: until }).where(eq(users.id, suspended!.id));
      forgetKeptPages();
    };
    await setSuspendedUntil(new Date(Date.now() + 24 * 60 * 60 * 1000));
    for (const auth of [visitor, other!, followee!]) {
      for (const url of gone404) expect(await status(url, auth), url).toBe(404);
      for (const [url, id] of absent) expect(await itemIds(url, auth), url).not.toContain(id);
      const rows = await board(auth);
      expect(rows.map((row) => row.user.id)).not.toContain(suspended!.id);
      // The ranks are those of the board without them.
      if (rows[0]) expect(rows[0].rank).toBe(1);
      expect(await commentCount(auth)).toBe(0);
    }
    expect(await markerIds()).not.toContain(post.id);
    expect(await sitemap('profiles')).not.toContain(suspended!.id);
    expect(await sitemap('posts')).not.toContain(post.id);
    expect(await sitemap('lists')).not.toContain(list.id);
    expect(await sharePage(`/profile/${suspended!.id}/posts`)).toBe(404);
    expect(await sharePage(`/post/${post.id}`)).toBe(404);

    // A suspension that has ended hides nothing.
    await setSuspendedUntil(new Date(Date.now() - 1000));
    for (const auth of [visitor, other!]) {
      for (const url of gone) expect(await status(url, auth), url).toBe(200);
      for (const [url, id] of absent) expect(await itemIds(url, auth), url).toContain(id);
      expect((await board(auth))[0]?.user.id).toBe(suspended!.id);
      expect(await commentCount(auth)).toBe(1);
    }
    expect(await markerIds()).toContain(post.id);
    expect(await sitemap('profiles')).toContain(suspended!.id);
    expect(await sharePage(`/profile/${suspended!.id}/posts`)).toBe(200);
  });
});

/**
 * What others hear of, and the photos they are sent, follow the same rule as the pages: the
 * notification list, its unread count, the live stream, the push and the mail of everyone but
 * the author leave out a hidden post and a suspended member; the photos answer 404 to them
 * (original and thumbnail), and are never declared cacheable by everyone while they are not
 * shown to everyone (docs/security.md#one-visibility-rule-applied-by-every-reader).
 */
describe('notifications and photos of what is out of sight', () => {
  type Group = {
    type: string;
    target: { post: { id: string; title: string } | null };
    actors: { id: string }[];
  };
  const groups = async (auth: TestAuth) =>
    (await data<{ items: Group[] }>('/notifications?limit=100', auth)).items;
  const unread = async (auth: TestAuth) =>
    (await data<{ unread_count: number }>('/notifications/unread-count', auth)).unread_count;
  const named = async (member: Member, name: string) =>
    ctx.db.update(users).set({ name }).where(eq(users.id, member.id));
  /** The notifications a stream resumed from the very start sends, and its unread count. */
  async function streamed(auth: Member) {
    const address = ctx.app.server.address() as AddressInfo | null;
    if (!address) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const stream = openSse(`http://127.0.0.1:${port}/api/v2/notifications/stream`, {
      authorization: `Bearer ${auth.token}`,
      'last-event-id': '0',
    });
    await stream.ready;
    const count = JSON.parse((await stream.next('unread')).data).unread_count as number;
    stream.close();
    const sent = stream.events
      .filter((event) => event.event === 'notification')
      .map(
        (event) =>
          JSON.parse(event.data) as { type: string; post_id: string | null; actor: { id: string } },
      );
    return { count, sent };
  }
  async function mailOf(member: Member & { email?: string }) {
    await ctx.db
      .update(notifications)
      .set({ mailDueAt: sql`now()` })
      .where(and(eq(notifications.userId, member.id), isNotNull(notifications.mailDueAt)));
    await ctx.app.notifications.worker.drain();
    const [row] = await ctx.db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, member.email!), eq(mailOutbox.category, 'notification')));
    return row?.text ?? null;
  }
  const pushOf = async (member: Member, postId: string, type: string, actor?: Member) => {
    const [row] = await ctx.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, member.id),
          eq(notifications.postId, postId),
          sql`${notifications.type} = ${type}`,
          actor ? eq(notifications.actorId, actor.id) : undefined,
        ),
      );
    return (await findPushContent(ctx.db, row!.id))?.heard;
  };
  const imageStatus = async (id: string, size: string, auth: TestAuth) => {
    const response = await get(`/image/${id}?size=${size}`, auth);
    return { status: response.statusCode, cache: response.headers['cache-control'] };
  };

  it('leave a hidden post out of others’ list, count, stream, push and mail, and its photos out of their reach', async () => {
    const [author, commenter, replier] = (await members('quiet-post', 3)) as (Member & {
      email: string;
    })[];
    const spot = await client.createdPost(author!, {
      kind: 'spot',
      title: '誰にも見えなくなる広場',
      ...NEAR_TOKYO_STATION,
    });
    const photo = await client.createdPost(author!, {
      kind: 'image',
      parent_post_id: spot.id,
      'images[0]': await pngFile(),
    });
    await comment(commenter!, spot.id, '最初のコメント');
    await comment(replier!, spot.id, '返信です');
    const image = photo.images[0]!.id;
    for (const size of ['full', 'thumb'])
      expect(await imageStatus(image, size, visitor)).toEqual({
        status: 200,
        cache: 'public, max-age=600',
      });
    const before = await groups(commenter!);
    expect(before.find((g) => g.type === 'reply')?.target.post?.title).toBe(
      '誰にも見えなくなる広場',
    );
    const unreadBefore = await unread(commenter!);

    await setPostHidden(spot.id, true);
    await setPostHidden(photo.id, true);
    expect((await groups(commenter!)).map((g) => g.target.post?.id)).not.toContain(spot.id);
    expect(await unread(commenter!)).toBe(unreadBefore - 1);
    const stream = await streamed(commenter!);
    expect(stream.count).toBe(unreadBefore - 1);
    expect(stream.sent.map((event) => event.post_id)).not.toContain(spot.id);
    expect(await pushOf(commenter!, spot.id, 'reply')).toBe(false);
    expect(await mailOf(commenter!)).toBeNull();
    // Its author still hears of the comments on it, as they still see it.
    expect((await groups(author!)).find((g) => g.type === 'comment')?.target.post?.id).toBe(
      spot.id,
    );
    expect(await pushOf(author!, spot.id, 'comment')).toBe(true);
    expect((await streamed(author!)).sent.map((event) => event.post_id)).toContain(spot.id);
    for (const size of ['full', 'thumb']) {
      for (const auth of [visitor, commenter!]) {
        const answer = await imageStatus(image, size, auth);
        expect(answer.status).toBe(404);
        expect(answer.cache).toBe('no-store');
      }
      expect(await imageStatus(image, size, author!)).toEqual({
        status: 200,
        cache: 'private, no-store',
      });
    }

    await setPostHidden(spot.id, false);
    await setPostHidden(photo.id, false);
    expect(await unread(commenter!)).toBe(unreadBefore);
    expect((await imageStatus(image, 'full', visitor)).status).toBe(200);
  });

  it('leave a suspended member out as an actor, a follower and a photo’s author', async () => {
    const [author, suspended, kept] = (await members('quiet-member', 3)) as (Member & {
      email: string;
    })[];
    await named(suspended!, '停止される鉄子');
    await named(kept!, '残る鉄男');
    const spot = await client.createdPost(author!, {
      kind: 'spot',
      title: 'いいねされる広場',
      ...NEAR_TOKYO_STATION,
    });
    const own = await client.createdPost(suspended!, {
      kind: 'spot',
      title: '停止される人の広場',
      ...NEAR_TOKYO_STATION,
    });
    const photo = await client.createdPost(suspended!, {
      kind: 'image',
      parent_post_id: own.id,
      'images[0]': await pngFile(),
    });
    // The suspended member acts last, so the mail would name them first.
    for (const who of [kept!, suspended!]) {
      expect((await client.json('POST', `/posts/${spot.id}/like`, who)).statusCode).toBe(200);
      await comment(who, spot.id, `${who === kept ? '残る' : '消える'}コメント`);
      expect((await client.json('POST', `/users/${author!.id}/follow`, who)).statusCode).toBe(200);
    }
    const followers = async (auth: TestAuth) =>
      (await data<{ follower_count: number }>(`/users/${author!.id}`, auth)).follower_count;
    const directoryCount = async () =>
      (
        await data<{ items: { id: string; follower_count: number }[] }>('/users?limit=100')
      ).items.find((item) => item.id === author!.id)?.follower_count;
    expect(await followers(visitor)).toBe(2);
    const unreadBefore = await unread(author!);
    const like = (await groups(author!)).find((g) => g.type === 'like');
    expect(like?.actors.map((actor) => actor.id)).toContain(suspended!.id);

    await ctx.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 24 * 60 * 60 * 1000) })
      .where(eq(users.id, suspended!.id));
    forgetKeptPages();
    // One like, one comment and one follow fewer.
    expect(await unread(author!)).toBe(unreadBefore - 3);
    for (const group of await groups(author!))
      expect(group.actors.map((actor) => actor.id)).not.toContain(suspended!.id);
    const stream = await streamed(author!);
    expect(stream.count).toBe(unreadBefore - 3);
    expect(stream.sent.map((event) => event.actor.id)).not.toContain(suspended!.id);
    expect(await pushOf(author!, spot.id, 'like', suspended)).toBe(false);
    expect(await pushOf(author!, spot.id, 'like', kept)).toBe(true);
    const mail = await mailOf(author!);
    expect(mail).toContain('残る鉄男');
    expect(mail).not.toContain('停止される鉄子');
    for (const auth of [visitor, author!]) expect(await followers(auth)).toBe(1);
    expect(await directoryCount()).toBe(1);
    for (const size of ['full', 'thumb'])
      for (const auth of [visitor, author!])
        expect((await imageStatus(photo.images[0]!.id, size, auth)).status).toBe(404);

    // A suspension that has ended hides nothing.
    await ctx.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, suspended!.id));
    forgetKeptPages();
    expect(await unread(author!)).toBe(unreadBefore);
    expect(await followers(visitor)).toBe(2);
    expect((await imageStatus(photo.images[0]!.id, 'full', visitor)).status).toBe(200);
  });

  it('count a suspension that ran out by the clock again once the notification worker has run', async () => {
    const [author, liker] = await members('quiet-clock', 2);
    const spot = await client.createdPost(author!, {
      kind: 'spot',
      title: '時計の広場',
      ...NEAR_TOKYO_STATION,
    });
    expect((await client.json('POST', `/posts/${spot.id}/like`, liker!)).statusCode).toBe(200);
    const before = await unread(author!);
    await ctx.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 60_000) })
      .where(eq(users.id, liker!.id));
    expect(await unread(author!)).toBe(before - 1);
    // The end passes with no write to the member (the trigger that would see one held off).
    await ctx.db.execute(
      sql`alter table users disable trigger notification_groups_member_suspended`,
    );
    await ctx.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, liker!.id));
    await ctx.db.execute(
      sql`alter table users enable trigger notification_groups_member_suspended`,
    );
    expect(await unread(author!)).toBe(before - 1);
    await ctx.app.notifications.worker.drain();
    expect(await unread(author!)).toBe(before);
    const [row] = await ctx.db
      .select({ until: users.suspendedUntil })
      .from(users)
      .where(eq(users.id, liker!.id));
    expect(row?.until).toBeNull();
  });
});
