import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import {
  createPostClient,
  NEAR_TOKYO_STATION,
  photoFile,
  stationGroupIdOf,
  type PostData,
  type TestAuth,
} from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import type { Database } from '../../db/database.js';
import * as service from './posts.service.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
let alice: TestAuth;
let tokyo: number;
let shinjuku: number;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  alice = { token: (await accounts.insertMemberAndLogIn('list-alice@example.jp')).token };
  tokyo = await stationGroupIdOf(ctx.db, '東京', 13);
  shinjuku = await stationGroupIdOf(ctx.db, '新宿', 13);
});
afterAll(async () => {
  await ctx?.close();
});

const event = {
  kind: 'event',
  title: '駅前マルシェ',
  starts_at: '2026-05-01T10:00:00+09:00',
  ends_at: '2026-05-01T16:00:00+09:00',
};

describe('GET /api/v2/posts and /stations/{id}/posts', () => {
  let pageUser: TestAuth;
  let pageUserId: string;
  const created: PostData[] = [];

  beforeAll(async () => {
    const accounts = createAuthClient(ctx, origin);
    pageUser = { token: (await accounts.insertMemberAndLogIn('pages@example.jp')).token };
    for (let i = 0; i < 7; i += 1) {
      created.push(
        await client.createdPost(pageUser, {
          ...event,
          title: `イベント${i}`,
          station_group_id: String(i % 2 === 0 ? tokyo : shinjuku),
        }),
      );
    }
    pageUserId = created[0]!.user.id;
  });

  async function collect(url: string, limit: number) {
    const seen: PostData[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const separator = url.includes('?') ? '&' : '?';
      const page = await client.json(
        'GET',
        `${url}${separator}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.statusCode).toBe(200);
      seen.push(...page.json().data.items);
      cursor = page.json().data.next_cursor;
      pages += 1;
    } while (cursor && pages < 20);
    return seen;
  }

  it('pages newest first without repeating or skipping a post', async () => {
    const seen = await collect(`/posts?user_id=${pageUserId}`, 3);
    expect(seen.map((post) => post.id)).toEqual(created.map((post) => post.id).reverse());

    // New posts arriving between pages do not shift the pages already served.
    const first = await client.json('GET', `/posts?user_id=${pageUserId}&limit=4`);
    await client.createdPost(pageUser, {
      ...event,
      title: '後から',
      station_group_id: String(tokyo),
    });
    const rest = await client.json(
      'GET',
      `/posts?user_id=${pageUserId}&limit=10&cursor=${first.json().data.next_cursor}`,
    );
    expect(rest.json().data.items.map((post: PostData) => post.id)).toEqual(
      created
        .slice(0, 3)
        .map((post) => post.id)
        .reverse(),
    );
    expect(rest.json().data.next_cursor).toBeNull();
  });

  it('filters by kind, station, parent and user', async () => {
    const atShinjuku = await collect(
      `/posts?station_group_id=${shinjuku}&user_id=${pageUserId}`,
      10,
    );
    expect(atShinjuku.map((post) => post.title)).toEqual(['イベント5', 'イベント3', 'イベント1']);
    const spots = await collect(`/posts?kind=spot&user_id=${pageUserId}`, 10);
    expect(spots).toEqual([]);

    const stationPage = await collect(`/stations/${shinjuku}/posts?user_id=${pageUserId}`, 2);
    expect(stationPage.map((post) => post.title)).toEqual(['イベント5', 'イベント3', 'イベント1']);

    const spot = await client.createdPost(pageUser, {
      kind: 'spot',
      title: '親',
      ...NEAR_TOKYO_STATION,
    });
    const child = await client.createdPost(alice, {
      kind: 'image',
      parent_post_id: spot.id,
      'images[0]': await photoFile(),
    });
    const children = await collect(`/posts?parent_post_id=${spot.id}`, 10);
    expect(children.map((post) => post.id)).toEqual([child.id]);
    expect(children[0]!.images).toHaveLength(1);
  });

  it('answers 404 for an unknown station and 422 for a forged cursor', async () => {
    const unknown = await client.json('GET', '/stations/999999999/posts');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('指定された駅は見つかりませんでした。');

    for (const cursor of ['xyz', Buffer.from('["1","x"]').toString('base64url'), '!!!']) {
      const forged = await client.json('GET', `/posts?cursor=${encodeURIComponent(cursor)}`);
      expect(forged.statusCode).toBe(422);
      expect(forged.json().errors).toEqual({
        cursor: ['続きの読み込み位置が正しくありません。最初から読み込み直してください。'],
      });
    }
    expect((await client.json('GET', '/posts?limit=101')).statusCode).toBe(422);
  });
});

/** The same database, counting the queries started through it. */
function countingDatabase(db: Database) {
  let queries = 0;
  const counted = new Set<PropertyKey>(['select', 'selectDistinct', 'execute']);
  const proxy = new Proxy(db, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (counted.has(property)) queries += 1;
        return Reflect.apply(value, target, args);
      };
    },
  });
  return { db: proxy, queries: () => queries };
}

describe('no N+1', () => {
  it('reads a page of any size in the same number of queries', async () => {
    const accounts = createAuthClient(ctx, origin);
    const writer: TestAuth = {
      token: (await accounts.insertMemberAndLogIn('many@example.jp')).token,
    };
    const spot = await client.createdPost(writer, {
      kind: 'spot',
      title: '親',
      ...NEAR_TOKYO_STATION,
    });
    for (let i = 0; i < 6; i += 1) {
      const post = await client.createdPost(writer, {
        kind: 'image',
        parent_post_id: spot.id,
        station_group_id: String(tokyo),
        'images[0]': await photoFile(),
        'images[1]': await photoFile(),
      });
      if (i % 2 === 0) await client.json('POST', `/posts/${post.id}/like`, alice);
    }
    const viewerId = (await client.json('GET', '/auth/me', alice)).json().data.id;
    const userId = spot.user.id;

    const costs: number[] = [];
    for (const limit of [1, 7]) {
      const counting = countingDatabase(ctx.db);
      const page = await service.listPosts({ db: counting.db }, viewerId, {
        limit,
        user_id: userId,
      });
      expect(page.items).toHaveLength(limit);
      costs.push(counting.queries());
    }
    // Photos come in the same query as the posts: one round trip whatever the page size.
    expect(costs).toEqual([1, 1]);

    const counting = countingDatabase(ctx.db);
    const page = await service.listPosts({ db: counting.db }, viewerId, {
      limit: 7,
      user_id: userId,
    });
    expect(page.items.filter((post) => post.liked)).toHaveLength(3);
    expect(
      page.items.filter((post) => post.kind === 'image').every((post) => post.images.length === 2),
    ).toBe(true);
    expect(page.items.find((post) => post.kind === 'spot')?.child_count).toBe(6);

    // A post page, photos in their order, is one query too.
    const image = page.items.find((post) => post.kind === 'image')!;
    const single = countingDatabase(ctx.db);
    const detail = await service.getPost(
      { db: single.db } as Parameters<typeof service.getPost>[0],
      image.id,
      viewerId,
    );
    expect(single.queries()).toBe(1);
    expect(detail.images.map((photo) => photo.id)).toEqual(image.images.map((photo) => photo.id));
  });
});
