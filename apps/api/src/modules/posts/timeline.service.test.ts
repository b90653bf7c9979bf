import type { Post } from '@ekispot/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app.js';
import type { DatabaseHandle } from '../../db/database.js';
import { posts, users } from '../../db/schema/index.js';
import { listTimelinePosts } from './posts.service.js';
import { createTimelineReads, type TimelineQuery } from './timeline.service.js';
import {
  buildBlocks,
  buildComments,
  buildFollows,
  buildLikes,
  buildMutes,
  buildPostWants,
  buildPosts,
  buildUsers,
} from '../../../test/factories.js';

/**
 * The timelines read from the window give the pages the query they replace gives, for every
 * viewer and filter, however the window is cut; and they see a write as soon as its generation.
 */

let database: DatabaseHandle;
const members: string[] = [];
const KINDS = ['spot', 'event', 'image'] as const;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  for (let i = 0; i < 6; i += 1) {
    const [row] = await buildUsers(db, [
      { name: `窓${i}`, email: `window${i}@example.jp`, passwordHash: 'x' },
    ]);
    members.push(row!.id);
  }
  // 60 posts, newest last; two share one instant (the id decides their order).
  const base = Date.UTC(2026, 10, 1);
  const rows = Array.from({ length: 60 }, (_, i) => ({
    userId: members[(i * 7) % 6]!,
    kind: KINDS[i % 3]!,
    title: `投稿${i}`,
    createdAt: new Date(base + Math.min(i, 58) * 60_000),
    // Post i is member i % 6's; every 11th is hidden (0 by member 0, 55 by member 1).
    hiddenAt: i % 11 === 0 ? new Date(base) : null,
  }));
  const ids = (await buildPosts(db, rows)).map((r) => r.id);
  const [a, b, c, d, , e] = members;
  const at = (i: number) => ids[i]!;
  // Reactions, and comments that blocks, mutes, hides and the suspension take out of sight.
  await buildLikes(
    db,
    [3, 9, 57].map((i) => ({ postId: at(i), userId: a! })),
  );
  await buildPostWants(
    db,
    [2, 3].map((i) => ({ postId: at(i), userId: b! })),
  );
  await buildComments(db, [
    { postId: at(57), userId: b!, body: '遮断された人' },
    { postId: at(57), userId: c!, body: 'ミュートされた人' },
    { postId: at(57), userId: a!, body: '自分の隠された', hiddenAt: new Date() },
    { postId: at(49), userId: e!, body: '停止中の人' },
    { postId: at(49), userId: c!, body: '隠された', hiddenAt: new Date() },
  ]);
  // Replies (events at a spot): a hidden one of member 0's, one under member 1's hidden post.
  await buildPosts(db, [
    {
      userId: a!,
      kind: 'event',
      title: '隠された返信',
      parentPostId: at(57),
      hiddenAt: new Date(),
      // Far from post 57 in time: pages with post 57 hold no hidden post of member 0's.
      createdAt: new Date(base + 90_000),
    },
    {
      userId: c!,
      kind: 'event',
      title: '隠された親への返信',
      parentPostId: at(55),
      createdAt: new Date(base + 30_000),
    },
    { userId: d!, kind: 'event', title: '見える返信', parentPostId: at(57) },
  ]);
  // Member 5 is suspended: only they see their posts.
  await db
    .update(users)
    .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
    .where(eq(users.id, members[5]!));
  await buildBlocks(db, [{ blockerId: a!, blockedId: b! }]);
  await buildMutes(db, [{ muterId: a!, mutedId: c! }]);
  await buildFollows(db, [
    { followerId: a!, followeeId: d! },
    { followerId: b!, followeeId: a! },
    { followerId: b!, followeeId: members[5]! },
  ]);
});

afterAll(async () => {
  await database?.close();
});

/** Every page of a timeline, whole, walked with `read`. */
async function walk(
  read: (query: TimelineQuery) => Promise<{ items: Post[]; next_cursor: string | null }>,
  query: Omit<TimelineQuery, 'cursor'>,
) {
  const pages: Post[][] = [];
  let cursor: string | undefined;
  do {
    const page = await read({ ...query, cursor });
    pages.push(page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && pages.length < 100);
  return pages;
}

describe('timelines read from the window', () => {
  // A visitor; the member who blocks and mutes; a follower of a suspended member; the suspended.
  const viewers = () => [null, members[0]!, members[1]!, members[5]!];
  const queries = (viewer: string | null): Omit<TimelineQuery, 'cursor'>[] => [
    { kinds: [], limit: 7 },
    { kinds: ['spot', 'event'], limit: 4 },
    { kinds: ['image'], limit: 20 },
    ...(viewer ? [{ kinds: [], limit: 3, followedBy: viewer }] : []),
  ];

  for (const windowSize of [200, 20]) {
    it(`gives the query's pages with a window of ${windowSize}`, async () => {
      const reads = createTimelineReads({ db: database.db, generation: () => 0, windowSize });
      const seen = new Map<string | null, Post[]>();
      for (const viewer of viewers())
        for (const query of queries(viewer)) {
          const expected = await walk((q) => listTimelinePosts(database, viewer, q), query);
          expect(await walk((q) => reads.page(viewer, q), query)).toEqual(expected);
          seen.set(viewer, [...(seen.get(viewer) ?? []), ...expected.flat()]);
        }
      // The pages held what makes a member's view differ: their likes, their own hidden reply
      // counted, a parent only its author sees.
      const [a, b] = members;
      expect(seen.get(a!)!.some((post) => post.liked)).toBe(true);
      expect(seen.get(b!)!.some((post) => post.wanted)).toBe(true);
      const reply = (viewer: string | null) =>
        seen.get(viewer)!.find((post) => post.title === '隠された親への返信')!;
      expect([reply(null).parent, reply(b!).parent?.title]).toEqual([null, '投稿55']);
      expect(seen.get(a!)!.filter((post) => post.hidden)).not.toEqual([]);
    });
  }

  it('sees a new post with the next write generation, and not before', async () => {
    let generation = 0;
    const reads = createTimelineReads({ db: database.db, generation: () => generation });
    const first = async () => (await reads.page(null, { kinds: [], limit: 3 })).items[0]?.id;
    const before = await first();
    const [added] = await buildPosts(database.db, [
      { userId: members[0]!, kind: 'spot', title: '新しい投稿' },
    ]);
    expect(await first()).toBe(before);
    generation += 1;
    expect(await first()).toBe(added!.id);
    await database.db.delete(posts).where(eq(posts.id, added!.id));
  });

  it('forgets what it keeps after its maximum age (a suspension that ends by the clock)', async () => {
    let now = 0;
    const reads = createTimelineReads({
      db: database.db,
      generation: () => 0,
      maxAgeMs: 1_000,
      now: () => now,
    });
    const count = async () =>
      (await walk((q) => reads.page(null, q), { kinds: [], limit: 50 })).flat().length;
    const suspended = await count();
    await database.db.update(users).set({ suspendedUntil: null }).where(eq(users.id, members[5]!));
    expect(await count()).toBe(suspended);
    now = 1_001;
    expect(await count()).toBeGreaterThan(suspended);
    await database.db
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, members[5]!));
  });
});
