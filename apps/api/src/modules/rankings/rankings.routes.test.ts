import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, ne, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createPostClient, NEAR_TOKYO_STATION, type TestAuth } from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import type { Database } from '../../db/database.js';
import { rankingScoreCounts, rankingScores, users } from '../../db/schema/index.js';
import { recordActivity } from './rankings.service.js';

/**
 * The ranking formula, undo, Japan-time periods, ties and the pinned own row (docs/rankings.md).
 * Every test builds its own scene (its own members and posts), so any one of them passes alone
 * and in any order.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
let accounts: ReturnType<typeof createAuthClient>;
const origin = 'http://localhost:3000';
/** The time rankings are read at: real time for API activity, moved for the period tests. */
let now: Date | null = null;

interface Member extends TestAuth {
  id: string;
}
let count = 0;

async function newMember(name: string): Promise<Member> {
  count += 1;
  const email = `rank${count}@example.jp`;
  const { token } = await accounts.insertMemberAndLogIn(email);
  const [row] = await ctx.db
    .update(users)
    .set({ name })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  return { id: row!.id, token };
}

interface Row {
  rank: number;
  user: { id: string; name: string };
  score: number;
  change: number | null;
}

async function board(path: string, auth: TestAuth = {}) {
  const response = await client.json('GET', `/rankings/${path}`, auth);
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    items: Row[];
    me: Row | null;
    next_cursor: string | null;
    starts_on: string | null;
  };
}

async function scoreOf(member: Member, path = 'impact?period=week') {
  const data = await board(path, member);
  return data.me?.score ?? 0;
}

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin }, { clock: () => now ?? new Date() });
  client = createPostClient(ctx, origin);
  accounts = createAuthClient(ctx, origin);
});
afterEach(() => {
  now = null;
});
afterAll(async () => {
  await ctx?.close();
});

/**
 * Runs checks against a change that is rolled back afterwards (a recount from scratch), so the
 * database other tests see stays as it was.
 */
async function inRolledBackTransaction(work: (tx: Database) => Promise<void>) {
  try {
    await ctx.db.transaction(async (tx) => {
      await work(tx);
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
}

describe('impact formula through the API', () => {
  /** An author with one spot, and three other members. */
  async function scene() {
    const author = await newMember('投稿者');
    const b = await newMember('B');
    const c = await newMember('C');
    const d = await newMember('D');
    const postId = (
      await client.createdPost(author, {
        kind: 'spot',
        title: '人気のスポット',
        ...NEAR_TOKYO_STATION,
      })
    ).id;
    return { author, b, c, d, postId };
  }
  type Scene = Awaited<ReturnType<typeof scene>>;

  const comment = (postId: string, auth: TestAuth, body: string) =>
    client.json('POST', `/posts/${postId}/comments`, auth, { body });

  /**
   * B likes twice and comments twice, C wants and comments, D follows the author, and the author
   * comments on and likes their own post: 1 + 2 + 3 + 3 + 5 = 14 points for the author.
   */
  async function reactToThePost({ author, b, c, d, postId }: Scene) {
    expect((await client.json('POST', `/posts/${postId}/like`, b)).statusCode).toBe(200);
    expect((await client.json('POST', `/posts/${postId}/like`, b)).statusCode).toBe(200); // again
    expect((await client.json('POST', `/posts/${postId}/want`, c)).statusCode).toBe(200);
    expect((await comment(postId, b, '素敵')).statusCode).toBe(201);
    expect((await comment(postId, b, 'また行きたい')).statusCode).toBe(201);
    expect((await comment(postId, c, 'いいですね')).statusCode).toBe(201);
    expect((await comment(postId, author, 'ありがとう')).statusCode).toBe(201);
    expect((await client.json('POST', `/posts/${postId}/like`, author)).statusCode).toBe(200);
    expect((await client.json('POST', `/users/${author.id}/follow`, d)).statusCode).toBe(200);
  }

  it('counts like 1, want 2, comment 3 once per member and post, follower 5; not oneself', async () => {
    const members = await scene();
    const { author, b } = members;
    await reactToThePost(members);

    const expected = 1 + 2 + 3 + 3 + 5;
    for (const period of ['week', 'month', 'all']) {
      expect(await scoreOf(author, `impact?period=${period}`)).toBe(expected);
    }
    expect(await scoreOf(author, 'posts?period=week')).toBe(1);
    expect(await scoreOf(b)).toBe(0);
  });

  it('lowers the score when a reaction is taken back', async () => {
    const members = await scene();
    const { author, b, c, d, postId } = members;
    await reactToThePost(members);
    const before = await scoreOf(author);
    expect(before).toBe(14);
    await client.json('DELETE', `/posts/${postId}/like`, b);
    expect(await scoreOf(author)).toBe(before - 1);
    await client.json('DELETE', `/posts/${postId}/want`, c);
    expect(await scoreOf(author)).toBe(before - 3);
    await client.json('DELETE', `/users/${author.id}/follow`, d);
    expect(await scoreOf(author)).toBe(before - 8);

    // B's two comments count once: deleting one leaves the points, deleting both removes them.
    const page = (await client.json('GET', `/posts/${postId}/comments`)).json().data;
    const byB = page.items.filter((item: { user: { id: string } }) => item.user.id === b.id);
    expect(byB).toHaveLength(2);
    await client.json('DELETE', `/posts/${postId}/comments/${byB[0].id}`, b);
    expect(await scoreOf(author)).toBe(before - 8);
    await client.json('DELETE', `/posts/${postId}/comments/${byB[1].id}`, b);
    expect(await scoreOf(author)).toBe(before - 11);
  });

  it('takes a blocked follower and a deleted post out of the scores', async () => {
    const members = await scene();
    const { author, d, postId } = members;
    await reactToThePost(members);
    const withFollower = await scoreOf(author);
    const blocked = await client.json('POST', `/users/${d.id}/block`, author);
    expect(blocked.statusCode).toBe(200);
    expect(await scoreOf(author)).toBe(withFollower - 5);

    expect((await client.json('DELETE', `/posts/${postId}`, author)).statusCode).toBe(200);
    expect(await scoreOf(author)).toBe(0);
    expect(await scoreOf(author, 'posts?period=all')).toBe(0);
  });

  it('takes a departed member’s reactions out of the scores', async () => {
    const { author, postId } = await scene();
    const leaver = await newMember('去る人');
    await client.json('POST', `/posts/${postId}/like`, leaver);
    await client.json('POST', `/users/${author.id}/follow`, leaver);
    const before = await scoreOf(author);
    expect(before).toBe(6);
    const left = await accounts.post(
      '/delete',
      { password: 'correct horse battery' },
      { authorization: `Bearer ${leaver.token}` },
    );
    expect(left.statusCode).toBe(200);
    expect(await scoreOf(author)).toBe(before - 6);
  });

  it('agrees with a recount from the rows, as the migration counts earlier activity', async () => {
    const members = await scene();
    const { author, b, c, d } = members;
    await reactToThePost(members);
    // More activity: a post with reactions of every kind from two members, and a follow.
    const spot = await client.createdPost(author, {
      kind: 'spot',
      title: '数え直すスポット',
      ...NEAR_TOKYO_STATION,
    });
    await client.json('POST', `/posts/${spot.id}/like`, b);
    await client.json('POST', `/posts/${spot.id}/want`, c);
    await client.json('POST', `/posts/${spot.id}/comments`, c, { body: '一つ目' });
    await client.json('POST', `/posts/${spot.id}/comments`, c, { body: '二つ目' });
    await client.json('POST', `/users/${b.id}/follow`, c);

    const ids = [author.id, b.id, c.id, d.id];
    const read = async (db: Database) =>
      (
        await db
          .select({
            board: rankingScores.board,
            period: rankingScores.period,
            startsOn: rankingScores.startsOn,
            userId: rankingScores.userId,
            score: rankingScores.score,
          })
          .from(rankingScores)
          .where(and(inArray(rankingScores.userId, ids), ne(rankingScores.score, 0)))
      ).sort((p, q) => JSON.stringify(p).localeCompare(JSON.stringify(q)));
    const incremental = await read(ctx.db);
    expect(incremental.length).toBeGreaterThan(0);

    const migration = await fs.readFile(
      path.join(import.meta.dirname, '../../../migrations/0006_stamps_rankings.sql'),
      'utf8',
    );
    const recount = migration.slice(migration.indexOf('INSERT INTO "ranking_scores"'));
    // Every score recounted from scratch, then rolled back: other tests' scores stay as they are.
    await inRolledBackTransaction(async (tx) => {
      await tx.delete(rankingScores);
      await tx.execute(sql.raw(recount));
      expect(await read(tx)).toEqual(incremental);
    });
  });
});

describe('periods, ties and paging', () => {
  it('starts weeks on Monday 00:00 and months on the 1st, Japan time', async () => {
    const x = await newMember('X');
    // 2025-06-01 is a Sunday: 23:59:59 in Japan is 14:59:59 UTC.
    await recordActivity(ctx.db, {
      type: 'post-added',
      userId: x.id,
      at: new Date('2025-06-01T14:59:59Z'),
    });
    await recordActivity(ctx.db, {
      type: 'post-added',
      userId: x.id,
      at: new Date('2025-06-01T15:00:00Z'),
    });
    await recordActivity(ctx.db, {
      type: 'post-added',
      userId: x.id,
      at: new Date('2025-06-01T15:00:01Z'),
    });
    // 2025-05-31 15:00 UTC is already June 1st in Japan.
    await recordActivity(ctx.db, {
      type: 'post-added',
      userId: x.id,
      at: new Date('2025-05-31T14:59:59Z'),
    });

    now = new Date('2025-06-04T03:00:00Z');
    const week = await board('posts?period=week', x);
    expect(week.starts_on).toBe('2025-06-02');
    expect(week.me).toMatchObject({ score: 2, change: 2 - 2 });
    const month = await board('posts?period=month', x);
    expect(month.starts_on).toBe('2025-06-01');
    expect(month.me).toMatchObject({ score: 3, change: 3 - 1 });
  });

  it('gives equal scores one rank, the earlier achiever first, and pins the own row', async () => {
    const x = await newMember('X');
    const y = await newMember('Y');
    const z = await newMember('Z');
    const at = (iso: string) => new Date(iso);
    const follow = (followeeId: string, iso: string) =>
      recordActivity(ctx.db, {
        type: 'follow',
        followerId: z.id,
        followeeId,
        at: at(iso),
        delta: 1,
      });
    await follow(y.id, '2025-03-03T01:00:00Z');
    await follow(x.id, '2025-03-03T02:00:00Z');
    await follow(x.id, '2025-03-03T03:00:00Z'); // x: 10, y: 5 until y catches up later
    await follow(y.id, '2025-03-03T04:00:00Z'); // y: 10, reached after x
    await recordActivity(ctx.db, {
      type: 'like',
      actorId: x.id,
      ownerId: z.id,
      at: at('2025-03-03T00:30:00Z'),
      delta: 1,
    });

    now = new Date('2025-03-05T00:00:00Z');
    const full = await board('impact?period=week', z);
    expect(full.items.map((row) => [row.user.name, row.rank, row.score])).toEqual([
      ['X', 1, 10],
      ['Y', 1, 10],
      ['Z', 3, 1],
    ]);

    // Page by page, the ranks stay the same; Z's own row is pinned while outside the page.
    const first = (await client.json('GET', '/rankings/impact?period=week&limit=1', z)).json().data;
    expect(first.items.map((row: Row) => [row.user.name, row.rank])).toEqual([['X', 1]]);
    expect(first.me).toMatchObject({ rank: 3, score: 1, user: { id: z.id } });
    const second = (
      await client.json(
        'GET',
        `/rankings/impact?period=week&limit=1&cursor=${first.next_cursor}`,
        z,
      )
    ).json().data;
    expect(second.items.map((row: Row) => [row.user.name, row.rank])).toEqual([['Y', 1]]);
    const third = (
      await client.json('GET', `/rankings/impact?period=week&limit=1&cursor=${second.next_cursor}`)
    ).json().data;
    expect(third.items.map((row: Row) => [row.user.name, row.rank])).toEqual([['Z', 3]]);
    expect(third.next_cursor).toBeNull();
    expect(third.me).toBeNull();

    // A member the viewer blocked or muted is left out of the viewer's board; ranks stay.
    const names = async (auth: TestAuth) =>
      (await board('impact?period=week', auth)).items.map((row) => [row.user.name, row.rank]);
    expect((await client.json('POST', `/users/${x.id}/block`, z)).statusCode).toBe(200);
    expect(await names(z)).toEqual([
      ['Y', 1],
      ['Z', 3],
    ]);
    expect(await names(y)).toEqual([
      ['X', 1],
      ['Y', 1],
      ['Z', 3],
    ]);
    await client.json('DELETE', `/users/${x.id}/block`, z);
    expect((await client.json('POST', `/users/${y.id}/mute`, z)).statusCode).toBe(200);
    expect(await names(z)).toEqual([
      ['X', 1],
      ['Z', 3],
    ]);
    await client.json('DELETE', `/users/${y.id}/mute`, z);
    expect(await names(z)).toHaveLength(3);
  });

  it('refuses an unknown period and a forged cursor with Japanese field errors', async () => {
    const period = await client.json('GET', '/rankings/posts?period=year');
    expect(period.statusCode).toBe(422);
    expect(period.json().errors.period[0]).toBe(
      '期間は week・month・all のいずれかで指定してください。',
    );
    const cursor = await client.json('GET', '/rankings/posts?cursor=abc');
    expect(cursor.statusCode).toBe(422);
    expect(cursor.json().errors.cursor).toHaveLength(1);
  });
});

describe('per-score counts behind the own rank', () => {
  const counted = async (db: Database = ctx.db) =>
    (
      await db
        .select({
          board: rankingScoreCounts.board,
          period: rankingScoreCounts.period,
          startsOn: rankingScoreCounts.startsOn,
          score: rankingScoreCounts.score,
          members: rankingScoreCounts.members,
        })
        .from(rankingScoreCounts)
        .where(ne(rankingScoreCounts.members, 0))
    ).sort((p, q) => JSON.stringify(p).localeCompare(JSON.stringify(q)));
  const grouped = async () =>
    (
      await ctx.db
        .select({
          board: rankingScores.board,
          period: rankingScores.period,
          startsOn: rankingScores.startsOn,
          score: rankingScores.score,
          members: sql<number>`count(*)::int`,
        })
        .from(rankingScores)
        .groupBy(
          rankingScores.board,
          rankingScores.period,
          rankingScores.startsOn,
          rankingScores.score,
        )
    ).sort((p, q) => JSON.stringify(p).localeCompare(JSON.stringify(q)));

  /**
   * An owner's spot liked by three fans, wanted by one; one like taken back, one fan following
   * another, and that fan leaving.
   */
  async function scene() {
    const owner = await newMember('数える人');
    const fans = [await newMember('F1'), await newMember('F2'), await newMember('F3')];
    const spot = await client.createdPost(owner, {
      kind: 'spot',
      title: '順位のスポット',
      ...NEAR_TOKYO_STATION,
    });
    for (const fan of fans) await client.json('POST', `/posts/${spot.id}/like`, fan);
    await client.json('POST', `/posts/${spot.id}/want`, fans[0]!);
    await client.json('DELETE', `/posts/${spot.id}/like`, fans[1]!);
    await client.json('POST', `/users/${fans[2]!.id}/follow`, fans[0]!);
    const left = await accounts.post(
      '/delete',
      { password: 'correct horse battery' },
      { authorization: `Bearer ${fans[1]!.token}` },
    );
    expect(left.statusCode).toBe(200);
    return { owner, fans };
  }

  it('follow every rise, undo and departure, and rank a member below the page', async () => {
    const { fans } = await scene();
    // Every score on every board, counted by the triggers, equals a count of the rows.
    const live = await counted();
    expect(live.length).toBeGreaterThan(0);
    expect(live).toEqual(await grouped());

    // F2 is ranked below the one-row page: one more than the members with a higher score.
    const page = (await client.json('GET', '/rankings/impact?period=all&limit=1', fans[2]!)).json()
      .data;
    const all = await board('impact?period=all');
    const mine = all.items.find((row) => row.user.id === fans[2]!.id);
    expect(mine).toBeDefined();
    expect(page.me).toMatchObject({ rank: mine!.rank, score: mine!.score });
    expect(page.me.rank).toBe(all.items.filter((row) => row.score > mine!.score).length + 1);
  });

  it('are counted for the scores that were there before the migration', async () => {
    await scene();
    const before = await counted();
    expect(before.length).toBeGreaterThan(0);
    const migration = await fs.readFile(
      path.join(import.meta.dirname, '../../../migrations/0007_ranking_score_counts.sql'),
      'utf8',
    );
    const backfill = migration.slice(migration.lastIndexOf('INSERT INTO "ranking_score_counts"'));
    // Counted again from scratch, then rolled back: other tests' counts stay as they are.
    await inRolledBackTransaction(async (tx) => {
      await tx.delete(rankingScoreCounts);
      await tx.execute(sql.raw(backfill));
      expect(await counted(tx)).toEqual(before);
    });
  });
});
