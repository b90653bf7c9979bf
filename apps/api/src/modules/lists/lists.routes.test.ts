import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_ITEMS_MAX, LISTS_PER_MEMBER_MAX } from '@ekispot/shared';
import { createAuthClient } from '../../../test/auth-client.js';
import {
  createPostClient,
  NEAR_TOKYO_STATION,
  photoFile,
  stationGroupIdOf,
  type TestAuth,
} from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { listItems, lists, users } from '../../db/schema/index.js';
import { buildListItems, buildLists } from '../../../test/factories.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
let accounts: ReturnType<typeof createAuthClient>;
const origin = 'http://localhost:3000';

interface Member extends TestAuth {
  id: string;
}
const members: Member[] = [];
let tokyo: number;
let shinjuku: number;
let chichibu: number;

async function newMember(email: string, name: string): Promise<Member> {
  const { token } = await accounts.insertMemberAndLogIn(email);
  const [row] = await ctx.db
    .update(users)
    .set({ name })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return { id: row!.id, token };
}

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createPostClient(ctx, origin);
  accounts = createAuthClient(ctx, origin);
  for (const [i, name] of ['秩父好き', '駅そば巡り', '見る人', 'ブロックされる人'].entries())
    members.push(await newMember(`l${i}@example.jp`, name));
  tokyo = await stationGroupIdOf(ctx.db, '東京', 13);
  shinjuku = await stationGroupIdOf(ctx.db, '新宿', 13);
  chichibu = await stationGroupIdOf(ctx.db, '秩父', 11);
});
afterAll(async () => {
  await ctx?.close();
});

const m = (i: number) => members[i]!;
const data = <T = never>(response: { json(): unknown }) => (response.json() as { data: T }).data;

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  auth: TestAuth = {},
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url: `/api/v2${url}`,
    headers: {
      origin,
      ...(auth.token && { authorization: `Bearer ${auth.token}` }),
    },
    ...(payload && { payload }),
  });
}

interface ListData {
  id: string;
  title: string;
  item_count: number;
  is_public: boolean;
  cover: { id: string } | null;
  user: { id: string; name: string };
  updated_at: string;
}
interface ItemData {
  id: string;
  position: number;
  note: string;
  station: { id: number; name: string } | null;
  post: { id: string; title: string } | null;
  lat: number | null;
  lng: number | null;
}

async function newList(owner: Member, title = '秩父の駅めぐり', extra: object = {}) {
  const response = await call('POST', '/lists', owner, { title, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return data<ListData>(response);
}

async function addStation(owner: Member, listId: string, stationGroupId: number, note = '') {
  const response = await call('POST', `/lists/${listId}/items`, owner, {
    station_group_id: stationGroupId,
    note,
  });
  expect(response.statusCode, response.body).toBe(201);
  return data<ItemData>(response);
}

async function itemsOf(listId: string, auth: TestAuth = {}) {
  const response = await call('GET', `/lists/${listId}/items`, auth);
  expect(response.statusCode, response.body).toBe(200);
  return data<{ items: ItemData[] }>(response).items;
}

/** The stored item_count beside the rows really there, and the stored positions. */
async function storedState(listId: string) {
  const [list] = await ctx.db.select().from(lists).where(eq(lists.id, listId));
  const rows = await ctx.db
    .select({ id: listItems.id, position: listItems.position })
    .from(listItems)
    .where(eq(listItems.listId, listId))
    .orderBy(listItems.position);
  return { itemCount: list?.itemCount, rows };
}

describe('lists', () => {
  it('are created, read, changed and deleted by their owner only', async () => {
    const list = await newList(m(0), '  秩父の駅めぐり ', { description: '西武線で' });
    expect(list).toMatchObject({
      title: '秩父の駅めぐり',
      is_public: true,
      item_count: 0,
      cover: null,
      user: { id: m(0).id, name: '秩父好き' },
    });
    expect(data<ListData>(await call('GET', `/lists/${list.id}`))).toMatchObject({ id: list.id });

    const stranger = await call('PATCH', `/lists/${list.id}`, m(1), { title: '乗っ取り' });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe('自分のリスト以外は編集できません。');
    expect((await call('DELETE', `/lists/${list.id}`, m(1))).statusCode).toBe(403);
    expect((await call('PATCH', `/lists/${list.id}`, {}, { title: 'x' })).statusCode).toBe(401);

    const changed = await call('PATCH', `/lists/${list.id}`, m(0), { title: '秩父・長瀞' });
    expect(changed.statusCode).toBe(200);
    expect(data<ListData>(changed).title).toBe('秩父・長瀞');

    expect((await call('DELETE', `/lists/${list.id}`, m(0))).statusCode).toBe(200);
    expect((await call('GET', `/lists/${list.id}`)).statusCode).toBe(404);
  });

  it('refuse bad fields with Japanese field errors', async () => {
    const empty = await call('POST', '/lists', m(0), { title: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.title).toEqual(['タイトルを入力してください。']);
    const long = await call('POST', '/lists', m(0), {
      title: 'あ'.repeat(61),
      description: 'い'.repeat(1001),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({
      title: ['タイトルは60文字以内で入力してください。'],
      description: ['説明は1000文字以内で入力してください。'],
    });
    expect(
      (await call('POST', '/lists', m(0), { title: 'あ'.repeat(60), is_public: 'yes' })).json()
        .errors,
    ).toEqual({ is_public: ['公開するかどうかを選んでください。'] });
  });

  it('answer 401 to a visitor for every write and for the add menu', async () => {
    const list = await newList(m(0), '訪問者お断り');
    const item = await addStation(m(0), list.id, tokyo);
    const answers = await Promise.all([
      call('POST', '/lists', {}, { title: '訪問者のリスト' }),
      call('DELETE', `/lists/${list.id}`),
      call('POST', `/lists/${list.id}/items`, {}, { station_group_id: shinjuku }),
      call('PATCH', `/lists/${list.id}/items/${item.id}`, {}, { note: 'x' }),
      call('DELETE', `/lists/${list.id}/items/${item.id}`),
      call('PUT', `/lists/${list.id}/items/order`, {}, { item_ids: [item.id] }),
      call('GET', `/lists/containing?station_group_id=${tokyo}`),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(7).fill(401));
    expect((await storedState(list.id)).rows).toHaveLength(1);
  });

  it('refuse a bad change with field errors', async () => {
    const list = await newList(m(0), '変更前');
    const long = await call('PATCH', `/lists/${list.id}`, m(0), { title: 'あ'.repeat(61) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ title: ['タイトルは60文字以内で入力してください。'] });
    expect(data<ListData>(await call('GET', `/lists/${list.id}`)).title).toBe('変更前');
  });

  it('take their items with them when deleted', async () => {
    const list = await newList(m(0), '消すリスト');
    await addStation(m(0), list.id, tokyo);
    await addStation(m(0), list.id, chichibu);
    const count = async () => {
      const [row] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(listItems)
        .where(eq(listItems.listId, list.id));
      return row!.n;
    };
    expect(await count()).toBe(2);
    expect((await call('DELETE', `/lists/${list.id}`, m(0))).statusCode).toBe(200);
    expect(await count()).toBe(0);
  });

  it('keep private lists from everyone but the owner, items included', async () => {
    const list = await newList(m(0), '行ってみたい駅そば', { is_public: false });
    await addStation(m(0), list.id, tokyo);
    for (const auth of [{}, m(1)]) {
      expect((await call('GET', `/lists/${list.id}`, auth)).statusCode).toBe(404);
      expect((await call('GET', `/lists/${list.id}/items`, auth)).statusCode).toBe(404);
      expect((await call('GET', `/lists/${list.id}/export?format=gpx`, auth)).statusCode).toBe(404);
    }
    // Writing to it is the same 404 as reading it, so nobody learns it exists.
    expect(
      (await call('POST', `/lists/${list.id}/items`, m(1), { station_group_id: shinjuku }))
        .statusCode,
    ).toBe(404);
    expect((await call('PATCH', `/lists/${list.id}`, m(1), { title: 'x' })).statusCode).toBe(404);
    expect((await call('GET', `/lists/${list.id}`, m(0))).statusCode).toBe(200);
    const tab = data<{ items: { id: string }[] }>(await call('GET', `/users/${m(0).id}/lists`));
    expect(tab.items.map((item) => item.id)).not.toContain(list.id);
    const ownTab = data<{ items: { id: string; item_count: number }[] }>(
      await call('GET', `/users/${m(0).id}/lists`, m(0)),
    );
    expect(ownTab.items.find((item) => item.id === list.id)?.item_count).toBe(1);
    const timeline = data<{ items: { id: string }[] }>(await call('GET', '/timeline/lists'));
    expect(timeline.items.map((item) => item.id)).not.toContain(list.id);
    const own = data<{ items: { id: string }[] }>(await call('GET', '/lists', m(0)));
    expect(own.items.map((item) => item.id)).toContain(list.id);
    expect((await call('GET', '/lists')).statusCode).toBe(401);
  });
});

describe('items', () => {
  it('are added once each, in order, with notes, positions and places', async () => {
    const list = await newList(m(0));
    const spot = await client.createdPost(m(1), {
      kind: 'spot',
      title: '駅前の立ち食いそば',
      ...NEAR_TOKYO_STATION,
    });
    await addStation(m(0), list.id, chichibu, '終点');
    await addStation(m(0), list.id, tokyo);
    const postItem = await call('POST', `/lists/${list.id}/items`, m(0), {
      post_id: spot.id,
      note: 'かけそば',
    });
    expect(postItem.statusCode).toBe(201);

    const again = await call('POST', `/lists/${list.id}/items`, m(0), {
      station_group_id: tokyo,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('すでにこのリストに追加されています。');
    expect(
      (await call('POST', `/lists/${list.id}/items`, m(0), { post_id: spot.id })).statusCode,
    ).toBe(409);

    const both = await call('POST', `/lists/${list.id}/items`, m(0), {
      station_group_id: tokyo,
      post_id: spot.id,
    });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors.station_group_id).toEqual([
      '駅か投稿のどちらか一つを指定してください。',
    ]);
    const missing = await call('POST', `/lists/${list.id}/items`, m(0), {
      station_group_id: 99_999_999,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.station_group_id).toEqual(['駅が見つかりませんでした。']);

    const items = await itemsOf(list.id);
    expect(items.map((item) => [item.position, item.station?.name ?? item.post?.title])).toEqual([
      [1, '秩父'],
      [2, '東京'],
      [3, '駅前の立ち食いそば'],
    ]);
    expect(items[0]!.note).toBe('終点');
    expect(items[2]!.lat).toBeCloseTo(35.6813);
    expect(data<ListData>(await call('GET', `/lists/${list.id}`)).item_count).toBe(3);

    const noted = await call('PATCH', `/lists/${list.id}/items/${items[1]!.id}`, m(0), {
      note: '丸の内駅舎',
    });
    expect(data<ItemData>(noted)).toMatchObject({ note: '丸の内駅舎', position: 2 });
    expect(
      (await call('PATCH', `/lists/${list.id}/items/${items[1]!.id}`, m(1), { note: 'x' }))
        .statusCode,
    ).toBe(403);

    expect((await call('DELETE', `/lists/${list.id}/items/${items[0]!.id}`, m(0))).statusCode).toBe(
      200,
    );
    expect((await itemsOf(list.id)).map((item) => item.position)).toEqual([1, 2]);
    const stored = await storedState(list.id);
    expect(stored.itemCount).toBe(2);
    expect(stored.rows.map((row) => row.position)).toEqual([1, 2]);

    const containing = data<{ items: { id: string; item_id: string | null }[] }>(
      await call('GET', `/lists/containing?station_group_id=${tokyo}`, m(0)),
    );
    expect(containing.items.find((entry) => entry.id === list.id)?.item_id).toBe(items[1]!.id);
    const notIn = data<{ items: { id: string; item_id: string | null }[] }>(
      await call('GET', `/lists/containing?station_group_id=${chichibu}`, m(0)),
    );
    expect(notIn.items.find((entry) => entry.id === list.id)?.item_id).toBeNull();
  });

  it('are written only by the owner, and only when they exist', async () => {
    const list = await newList(m(0), '他人は追加できない');
    const item = await addStation(m(0), list.id, tokyo);
    const stranger = await call('POST', `/lists/${list.id}/items`, m(1), {
      station_group_id: shinjuku,
    });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe('自分のリスト以外は編集できません。');

    const unknown = `/lists/${list.id}/items/${crypto.randomUUID()}`;
    for (const answer of [
      await call('PATCH', unknown, m(0), { note: 'x' }),
      await call('DELETE', unknown, m(0)),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe('リストの項目が見つかりませんでした。');
    }

    const long = await call('PATCH', `/lists/${list.id}/items/${item.id}`, m(0), {
      note: 'あ'.repeat(501),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ note: ['メモは500文字以内で入力してください。'] });
    expect((await itemsOf(list.id)).map((entry) => [entry.id, entry.note])).toEqual([
      [item.id, ''],
    ]);
  });

  it('tell the add menu which lists hold a post', async () => {
    const spot = await client.createdPost(m(1), {
      kind: 'spot',
      title: '追加メニュー',
      ...NEAR_TOKYO_STATION,
    });
    const holding = await newList(m(0), '投稿あり');
    const without = await newList(m(0), '投稿なし');
    const added = await call('POST', `/lists/${holding.id}/items`, m(0), { post_id: spot.id });
    const menu = data<{ items: { id: string; item_id: string | null }[] }>(
      await call('GET', `/lists/containing?post_id=${spot.id}`, m(0)),
    ).items;
    expect(menu.find((entry) => entry.id === holding.id)?.item_id).toBe(data<ItemData>(added).id);
    expect(menu.find((entry) => entry.id === without.id)?.item_id).toBeNull();
    // Only the caller's own lists are offered.
    const theirs = data<{ items: { id: string }[] }>(
      await call('GET', `/lists/containing?post_id=${spot.id}`, m(1)),
    ).items;
    expect(theirs.map((entry) => entry.id)).not.toContain(holding.id);
  });

  it('leave out, for anyone but the owner, posts of members the viewer blocked or muted', async () => {
    const owner = await newMember('list-owner@example.jp', 'リストの持ち主');
    const viewer = await newMember('list-viewer@example.jp', 'ブロックする人');
    const blockedSpot = await client.createdPost(m(1), {
      kind: 'spot',
      title: 'ブロックされた人のスポット',
      ...NEAR_TOKYO_STATION,
    });
    const mutedSpot = await client.createdPost(m(3), {
      kind: 'spot',
      title: 'ミュートされた人のスポット',
      ...NEAR_TOKYO_STATION,
    });
    const list = await newList(owner, '混ざったリスト');
    await addStation(owner, list.id, tokyo);
    await call('POST', `/lists/${list.id}/items`, owner, { post_id: blockedSpot.id });
    await addStation(owner, list.id, chichibu);
    await call('POST', `/lists/${list.id}/items`, owner, { post_id: mutedSpot.id });
    for (const [who, auth] of [
      ['block', viewer],
      ['mute', viewer],
      ['block', owner],
    ] as const)
      expect(
        (await call('POST', `/users/${who === 'mute' ? m(3).id : m(1).id}/${who}`, auth))
          .statusCode,
      ).toBe(200);

    const names = (items: ItemData[]) =>
      items.map((item) => [item.position, item.station?.name ?? item.post?.title]);
    const all = [
      [1, '東京'],
      [2, 'ブロックされた人のスポット'],
      [3, '秩父'],
      [4, 'ミュートされた人のスポット'],
    ];
    // The owner (who blocked one author too) and visitors see every item.
    expect(names(await itemsOf(list.id, owner))).toEqual(all);
    expect(names(await itemsOf(list.id))).toEqual(all);
    expect(names(await itemsOf(list.id, viewer))).toEqual([
      [1, '東京'],
      [2, '秩父'],
    ]);

    const exported = async (auth: TestAuth) =>
      (
        (await call('GET', `/lists/${list.id}/export?format=geojson`, auth)).json() as {
          features: { properties: { position: number; name: string } }[];
        }
      ).features.map((f) => [f.properties.position, f.properties.name]);
    expect(await exported(viewer)).toEqual([
      [1, '東京駅'],
      [2, '秩父駅'],
    ]);
    expect(await exported({})).toHaveLength(4);
  });

  it('are reordered only with exactly the list’s items', async () => {
    const list = await newList(m(0), '並べ替え');
    const a = await addStation(m(0), list.id, tokyo);
    const b = await addStation(m(0), list.id, shinjuku);
    const c = await addStation(m(0), list.id, chichibu);
    const order = (ids: string[]) =>
      call('PUT', `/lists/${list.id}/items/order`, m(0), { item_ids: ids });

    const done = await order([c.id, a.id, b.id]);
    expect(done.statusCode).toBe(200);
    expect(data<{ items: ItemData[] }>(done).items.map((item) => item.id)).toEqual([
      c.id,
      a.id,
      b.id,
    ]);
    expect((await order([c.id, a.id])).json().errors.item_ids).toEqual([
      'リストのすべての項目を指定してください。画面を読み込み直してください。',
    ]);
    expect((await order([c.id, a.id, a.id])).statusCode).toBe(422);
    expect((await order([c.id, a.id, b.id, crypto.randomUUID()])).statusCode).toBe(422);
    expect(
      (await call('PUT', `/lists/${list.id}/items/order`, m(1), { item_ids: [a.id, b.id, c.id] }))
        .statusCode,
    ).toBe(403);
    expect((await itemsOf(list.id)).map((item) => item.id)).toEqual([c.id, a.id, b.id]);
  });

  it('stay dense and complete under concurrent reorders and inserts', async () => {
    const list = await newList(m(0), '同時編集');
    const first = await addStation(m(0), list.id, tokyo);
    const second = await addStation(m(0), list.id, shinjuku);
    const stations = await ctx.db.execute<{ id: number }>(
      sql`select id from station_groups where not closed order by id limit 12`,
    );
    const rows = Array.isArray(stations) ? stations : (stations as { rows: { id: number }[] }).rows;
    const extra = rows.map((row) => Number(row.id)).filter((id) => id !== tokyo && id !== shinjuku);
    const answers = await Promise.all([
      ...extra
        .slice(0, 8)
        .map((id) => call('POST', `/lists/${list.id}/items`, m(0), { station_group_id: id })),
      ...Array.from({ length: 6 }, (_, i) =>
        call('PUT', `/lists/${list.id}/items/order`, m(0), {
          item_ids: i % 2 ? [first.id, second.id] : [second.id, first.id],
        }),
      ),
    ]);
    expect(answers.slice(0, 8).map((answer) => answer.statusCode)).toEqual(Array(8).fill(201));
    // A reorder that saw only the first two items either ran before the inserts or was refused.
    for (const answer of answers.slice(8)) expect([200, 422]).toContain(answer.statusCode);
    const items = await itemsOf(list.id);
    expect(items).toHaveLength(10);
    expect(items.map((item) => item.position)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    const stored = await storedState(list.id);
    expect(stored.itemCount).toBe(10);
    expect(new Set(stored.rows.map((row) => row.position)).size).toBe(10);
  });

  it('leave every list with their post or its author, keeping the counts and the cover right', async () => {
    const author = await newMember('leaver@example.jp', '退会する人');
    const photo = await client.createdPost(author, {
      kind: 'image',
      station_group_id: String(tokyo),
      'images[0]': await photoFile(),
    });
    const spot = await client.createdPost(author, {
      kind: 'spot',
      title: '消える',
      ...NEAR_TOKYO_STATION,
    });
    const mine = await newList(m(0), 'カバー付き');
    const theirs = await newList(m(1), '別の人のリスト');
    for (const list of [mine, theirs]) {
      await call('POST', `/lists/${list.id}/items`, list === mine ? m(0) : m(1), {
        post_id: photo.id,
      });
      await call('POST', `/lists/${list.id}/items`, list === mine ? m(0) : m(1), {
        post_id: spot.id,
      });
    }
    await addStation(m(0), mine.id, tokyo);
    expect(data<ListData>(await call('GET', `/lists/${mine.id}`)).cover?.id).toBe(
      photo.images[0]!.id,
    );

    expect((await call('DELETE', `/posts/${spot.id}`, author)).statusCode).toBe(200);
    expect(data<ListData>(await call('GET', `/lists/${theirs.id}`)).item_count).toBe(1);
    expect((await itemsOf(mine.id)).map((item) => item.position)).toEqual([1, 2]);

    const left = await accounts.post(
      '/delete',
      { password: 'correct horse battery' },
      {
        authorization: `Bearer ${author.token}`,
      },
    );
    expect(left.statusCode).toBe(200);
    const after = data<ListData>(await call('GET', `/lists/${mine.id}`));
    expect(after).toMatchObject({ item_count: 1, cover: null });
    expect((await itemsOf(mine.id)).map((item) => [item.position, item.station?.id])).toEqual([
      [1, tokyo],
    ]);
    expect((await storedState(theirs.id)).itemCount).toBe(0);
  });

  it('are limited per list, and lists per member', async () => {
    const list = await newList(m(1), '上限');
    const ids = await ctx.db.execute<{ id: number }>(
      sql`select id from station_groups order by id limit ${LIST_ITEMS_MAX}`,
    );
    const rows = Array.isArray(ids) ? ids : (ids as { rows: { id: number }[] }).rows;
    await buildListItems(
      ctx.db,
      rows.map((row, i) => ({
        listId: list.id,
        stationGroupId: Number(row.id),
        position: i + 1,
      })),
    );
    const full = await call('POST', `/lists/${list.id}/items`, m(1), {
      station_group_id: shinjuku,
    });
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe('1つのリストに追加できるのは500件までです。');

    const owner = m(3);
    await buildLists(
      ctx.db,
      Array.from({ length: LISTS_PER_MEMBER_MAX }, (_, i) => ({
        userId: owner.id,
        title: `L${i}`,
      })),
    );
    const over = await call('POST', '/lists', owner, { title: '201件目' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.list).toEqual([
      'リストは1人200件まで作成できます。不要なリストを削除してください。',
    ]);
    await ctx.db.delete(lists).where(eq(lists.userId, owner.id));
  });
});

describe('list timelines', () => {
  it('show public lists by last update, of everyone or of followed members, never blocked or muted ones', async () => {
    const followed = await newList(m(1), 'フォロー先のリスト');
    const other = await newList(m(3), 'ほかの人のリスト');
    await call('POST', `/users/${m(1).id}/follow`, m(2));
    const ids = async (url: string, auth: TestAuth = {}) =>
      data<{ items: { id: string }[] }>(await call('GET', url, auth)).items.map((item) => item.id);

    const all = await ids('/timeline/lists?scope=all&limit=100');
    expect(all.indexOf(other.id)).toBeLessThan(all.indexOf(followed.id));
    const follow = await ids('/timeline/lists?scope=follow&limit=100', m(2));
    expect(follow).toContain(followed.id);
    expect(follow).not.toContain(other.id);
    expect((await call('GET', '/timeline/lists?scope=follow')).statusCode).toBe(401);

    // An edit brings a list to the top.
    await addStation(m(1), followed.id, tokyo);
    expect((await ids('/timeline/lists?limit=1'))[0]).toBe(followed.id);

    await call('POST', `/users/${m(3).id}/mute`, m(2));
    expect(await ids('/timeline/lists?limit=100', m(2))).not.toContain(other.id);
    await call('POST', `/users/${m(1).id}/block`, m(2));
    expect(await ids('/timeline/lists?limit=100', m(2))).not.toContain(followed.id);
    expect(await ids('/timeline/lists?limit=100')).toContain(other.id);
  });

  it('page without repeats or gaps', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const page = data<{ items: { id: string }[]; next_cursor: string | null }>(
        await call('GET', `/timeline/lists?limit=2${query}`),
      );
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor;
    } while (cursor);
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(lists)
      .where(eq(lists.isPublic, true));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(row!.n);
    expect((await call('GET', '/timeline/lists?cursor=bad')).statusCode).toBe(422);
  });
});

describe('export', () => {
  it('gives GeoJSON and GPX of the items in order', async () => {
    const list = await newList(m(0), '秩父 & 東京 <書き出し>');
    await addStation(m(0), list.id, chichibu, '始発 "急行"');
    await addStation(m(0), list.id, tokyo);
    const geo = await call('GET', `/lists/${list.id}/export?format=geojson`);
    expect(geo.statusCode).toBe(200);
    expect(geo.headers['content-type']).toContain('application/geo+json');
    expect(geo.headers['content-disposition']).toContain('.geojson');
    const collection = geo.json() as {
      type: string;
      features: {
        geometry: { coordinates: number[] };
        properties: { name: string; position: number; note: string };
      }[];
    };
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features.map((f) => [f.properties.position, f.properties.name])).toEqual([
      [1, '秩父駅'],
      [2, '東京駅'],
    ]);
    expect(collection.features[0]!.properties.note).toBe('始発 "急行"');
    expect(collection.features[1]!.geometry.coordinates[0]).toBeCloseTo(139.766, 1);

    const gpx = await call('GET', `/lists/${list.id}/export?format=gpx`);
    expect(gpx.headers['content-type']).toContain('application/gpx+xml');
    expect(gpx.body).toContain('<name>秩父 &amp; 東京 &lt;書き出し&gt;</name>');
    expect(gpx.body).toContain('<name>1. 秩父駅</name>');
    expect(gpx.body).toContain('<desc>始発 &quot;急行&quot;</desc>');
    expect(gpx.body.match(/<wpt /g)).toHaveLength(2);
    expect((await call('GET', `/lists/${list.id}/export?format=kml`)).statusCode).toBe(422);
  });
});
