import type { AddressInfo } from 'node:net';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import {
  createPostClient,
  NEAR_TOKYO_STATION,
  photoFile,
  stationGroupIdOf,
  type TestAuth,
} from '../../../test/post-client.js';
import { openSse } from '../../../test/sse-client.js';
import { runAdminCommand } from '../moderation/admin-commands.js';
import { createTestApp } from '../../../test/test-app.js';
import { posts } from '../../db/schema/index.js';
import { STREAM_DRAIN_RETRY_MS } from '../../lib/event-stream.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
const origin = 'http://localhost:3000';
const members: (TestAuth & { id: string })[] = [];
let tokyo: number;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  for (let i = 0; i < 4; i += 1) {
    const { token } = await accounts.insertMemberAndLogIn(`timeline${i}@example.jp`);
    const me = await ctx.app.inject({
      url: '/api/v2/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    members.push({ token, id: me.json().data.id as string });
  }
  tokyo = await stationGroupIdOf(ctx.db, '東京', 13);
});
afterAll(async () => {
  await ctx?.close();
});

const m = (i: number) => members[i]!;

type Page = {
  items: { id: string; kind: string; user: { id: string } }[];
  next_cursor: string | null;
};

async function readAll(query: string, auth: TestAuth = {}, limit = 2) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const response = await client.json(
      'GET',
      `/timeline/posts?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      auth,
    );
    expect(response.statusCode).toBe(200);
    const page = response.json().data as Page;
    ids.push(...page.items.map((item) => item.id));
    cursor = page.next_cursor;
  } while (cursor);
  return ids;
}

describe('GET /timeline/posts', () => {
  const created: { id: string; author: number; kind: string }[] = [];

  beforeAll(async () => {
    for (const [author, kind] of [
      [0, 'spot'],
      [1, 'spot'],
      [2, 'image'],
      [3, 'spot'],
      [1, 'image'],
      [2, 'spot'],
    ] as const) {
      const post =
        kind === 'spot'
          ? await client.createdPost(m(author), {
              kind,
              title: `投稿${created.length}`,
              ...NEAR_TOKYO_STATION,
            })
          : await client.createdPost(m(author), {
              kind,
              station_group_id: String(tokyo),
              body: '駅の写真',
              'images[0]': await photoFile(),
            });
      created.push({ id: post.id, author, kind });
    }
    // Ties in created_at: four posts at the very same instant are ordered by id.
    await ctx.db
      .update(posts)
      .set({ createdAt: sql`timestamptz '2030-01-01 00:00:00+00'` })
      .where(
        inArray(
          posts.id,
          created.slice(1, 5).map((post) => post.id),
        ),
      );
  });

  it('lists every post newest first with ties by id, paging without repeats or gaps', async () => {
    const ids = await readAll('scope=all');
    const ours = ids.filter((id) => created.some((post) => post.id === id));
    const rows = await ctx.db.select().from(posts).where(inArray(posts.id, ours));
    const expected = [...rows]
      .sort((a, b) =>
        b.createdAt.getTime() !== a.createdAt.getTime()
          ? b.createdAt.getTime() - a.createdAt.getTime()
          : b.id.localeCompare(a.id),
      )
      .map((row) => row.id);
    expect(ours).toEqual(expected);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ours).toHaveLength(created.length);
  });

  it('filters by kinds and refuses unknown kinds', async () => {
    const images = await readAll('scope=all&kinds=image');
    expect(images.sort()).toEqual(
      created
        .filter((post) => post.kind === 'image')
        .map((post) => post.id)
        .sort(),
    );
    const bad = await client.json('GET', '/timeline/posts?kinds=spot,poem');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)[0]).toMatch(/^kinds/);
  });

  it('follow: the member’s own and followed members’ posts, members only', async () => {
    expect((await client.json('GET', '/timeline/posts?scope=follow')).statusCode).toBe(401);
    await client.json('POST', `/users/${m(1).id}/follow`, m(0));
    const ids = await readAll('scope=follow', m(0));
    expect(ids.sort()).toEqual(
      created
        .filter((post) => post.author === 0 || post.author === 1)
        .map((post) => post.id)
        .sort(),
    );
  });

  it('leaves out blocked and muted members', async () => {
    await client.json('POST', `/users/${m(2).id}/mute`, m(0));
    await client.json('POST', `/users/${m(3).id}/block`, m(0));
    const ids = await readAll('scope=all', m(0), 50);
    const hidden = created.filter((post) => post.author === 2 || post.author === 3);
    expect(hidden.length).toBeGreaterThan(0);
    for (const post of hidden) expect(ids).not.toContain(post.id);
    const visitor = await readAll('scope=all', {}, 50);
    for (const post of hidden) expect(visitor).toContain(post.id);
  });
});

describe('GET /timeline/posts/stream', () => {
  it('tells anyone, signed in or not, that a post was published; shutdown ends it with a hint', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address() as AddressInfo;
    const stream = openSse(`http://127.0.0.1:${address.port}/api/v2/timeline/posts/stream`, {});
    await stream.ready;
    expect(stream.status()).toBe(200);
    expect(stream.contentType()).toContain('text/event-stream');
    await expect.poll(() => ctx.app.notifications.hub.listenerCount()).toBeGreaterThan(0);

    await client.createdPost(m(3), {
      kind: 'spot',
      title: 'できたての投稿',
      ...NEAR_TOKYO_STATION,
    });
    const event = await stream.next('post');
    expect(JSON.parse(event.data)).toEqual({});

    ctx.app.startDraining();
    await expect.poll(() => stream.ended(), { timeout: 5_000 }).toBe(true);
    expect(stream.retryMs()).toBe(STREAM_DRAIN_RETRY_MS);
  });
});

/**
 * A stream opened with a member's session lives no longer than it (docs/moderation.md#suspension,
 * docs/notifications.md#live-stream), on its own app: the test above drains the shared one.
 */
describe('GET /timeline/posts/stream with a session', () => {
  let own: Awaited<ReturnType<typeof createTestApp>>;
  let ownClient: ReturnType<typeof createPostClient>;
  let url: string;
  beforeAll(async () => {
    own = await createTestApp({ PUBLIC_URL: origin });
    ownClient = createPostClient(own, origin);
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const address = own.app.server.address() as AddressInfo;
    url = `http://127.0.0.1:${address.port}/api/v2/timeline/posts/stream`;
  });
  afterAll(async () => {
    await own?.close();
  });

  async function openWith(token: string) {
    const stream = openSse(url, { authorization: `Bearer ${token}` });
    await stream.ready;
    expect(stream.status()).toBe(200);
    return stream;
  }

  it('ends on logout, and on a suspension; a visitor’s stays', async () => {
    const accounts = createAuthClient(own, origin);
    const [leaving, suspended, moderator] = await accounts.members('timeline-session', 3);
    await runAdminCommand(own.db, 'grant-moderator', [moderator!.email]);
    const visitor = openSse(url, {});
    await visitor.ready;
    const loggedOut = await openWith(leaving!.token);
    const toSuspend = await openWith(suspended!.token);
    // Each stream has subscribed: the visitor's once, each member's twice (posts and session).
    await expect.poll(() => own.app.notifications.hub.listenerCount()).toBe(5);

    const out = await ownClient.json('POST', '/auth/logout', { token: leaving!.token });
    expect(out.statusCode).toBe(200);
    await expect.poll(() => loggedOut.ended(), { timeout: 10_000 }).toBe(true);
    expect(toSuspend.ended()).toBe(false);

    const action = await ownClient.json('POST', '/moderation/actions', moderator!, {
      action: 'suspend',
      target: { kind: 'user', id: suspended!.id },
      reason: '規約違反のため',
      suspend_days: 3,
    });
    expect(action.statusCode, action.body).toBe(201);
    await expect.poll(() => toSuspend.ended(), { timeout: 10_000 }).toBe(true);
    expect(visitor.ended()).toBe(false);
    visitor.close();
  });
});
