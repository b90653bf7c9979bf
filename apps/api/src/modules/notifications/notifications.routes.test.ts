import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import {
  createPostClient,
  NEAR_TOKYO_STATION,
  photoFile,
  stationGroupIdOf,
  type TestAuth,
} from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { mailOutbox, notificationJobs, notifications, users } from '../../db/schema/index.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
const origin = 'http://localhost:3000';
const members: (TestAuth & { id: string; email: string })[] = [];
let tokyo: number;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  for (let i = 0; i < 9; i += 1) {
    const email = `member${i}@example.jp`;
    const { token } = await accounts.insertMemberAndLogIn(email);
    const me = await ctx.app.inject({
      url: '/api/v2/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    members.push({ token, id: me.json().data.id as string, email });
  }
  // Distinct names, so grouped sentences can be checked.
  for (const [i, member] of members.entries())
    await ctx.db
      .update(users)
      .set({ name: `会員${i}` })
      .where(eq(users.id, member.id));
  tokyo = await stationGroupIdOf(ctx.db, '東京', 13);
});
afterAll(async () => {
  await ctx?.close();
});

const m = (i: number) => members[i]!;
const json = (...args: Parameters<ReturnType<typeof createPostClient>['json']>) =>
  client.json(...args);

async function newSpot(owner = 0) {
  return client.createdPost(m(owner), {
    kind: 'spot',
    title: '人気のスポット',
    ...NEAR_TOKYO_STATION,
  });
}

async function listOf(i: number) {
  const response = await json('GET', '/notifications?limit=50', m(i));
  expect(response.statusCode).toBe(200);
  return response.json().data.items as {
    ids: string[];
    type: string;
    target: { post: { id: string } | null; comment_id: string | null };
    actors: { id: string; name: string }[];
    actor_count: number;
    read: boolean;
  }[];
}

async function unreadOf(i: number): Promise<number> {
  const response = await json('GET', '/notifications/unread-count', m(i));
  return response.json().data.unread_count as number;
}

async function rowsAbout(postId: string) {
  return ctx.db.select().from(notifications).where(eq(notifications.targetKey, postId));
}

/** The member's group of one type about one post (`null`: no post, as for follows). */
async function groupOf(i: number, type: string, postId: string | null) {
  const items = await listOf(i);
  return items.find((item) => item.type === type && (item.target.post?.id ?? null) === postId);
}

const actorIdsOf = (group: { actors: { id: string }[] } | undefined) =>
  group?.actors.map((actor) => actor.id);

const comment = (postId: string, i: number, body = 'いいですね') =>
  json('POST', `/posts/${postId}/comments`, m(i), { body });

/** Sets (true) or clears a relation between two members: follow, block or mute. */
const relate = (i: number, relation: 'follow' | 'block' | 'mute', j: number, on = true) =>
  json(on ? 'POST' : 'DELETE', `/users/${m(j).id}/${relation}`, m(i));

const wantStation = (i: number, on = true) =>
  json(on ? 'POST' : 'DELETE', `/stations/${tokyo}/want-to-visit`, m(i));

/** The member's notifications waiting for a mail digest. */
async function waitingForMail(i: number) {
  return ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, m(i).id), isNotNull(notifications.mailDueAt)));
}

/** Makes the member's waiting digest due now (instead of in ten minutes). */
async function mailDueNow(i: number) {
  await ctx.db
    .update(notifications)
    .set({ mailDueAt: sql`now()` })
    .where(and(eq(notifications.userId, m(i).id), isNotNull(notifications.mailDueAt)));
}

async function notificationMailsTo(i: number) {
  return ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, m(i).email), eq(mailOutbox.category, 'notification')));
}

describe('likes and wants', () => {
  it('tell the owner once per member, never for their own, and an unlike takes it back', async () => {
    const post = await newSpot();
    const before = await unreadOf(0);
    await json('POST', `/posts/${post.id}/like`, m(0));
    expect(await rowsAbout(post.id)).toHaveLength(0);

    for (let i = 0; i < 3; i += 1) {
      await json('POST', `/posts/${post.id}/like`, m(1));
      await json('DELETE', `/posts/${post.id}/like`, m(1));
    }
    expect(await rowsAbout(post.id)).toHaveLength(0);
    await json('POST', `/posts/${post.id}/like`, m(1));
    await json('POST', `/posts/${post.id}/like`, m(1));
    expect(await rowsAbout(post.id)).toHaveLength(1);
    expect(await unreadOf(0)).toBe(before + 1);

    await json('POST', `/posts/${post.id}/want`, m(2));
    const items = await listOf(0);
    expect(items.find((item) => item.type === 'want')?.target.post?.id).toBe(post.id);
  });

  it('name an untitled photo after its station, as its page does (「東京駅の写真」)', async () => {
    const photo = await client.createdPost(m(0), {
      kind: 'image',
      station_group_id: String(tokyo),
      'images[0]': await photoFile(),
    });
    await json('POST', `/posts/${photo.id}/like`, m(1));
    const like = (await listOf(0)).find(
      (item) => item.type === 'like' && item.target.post?.id === photo.id,
    );
    expect(like?.target.post).toMatchObject({ kind: 'image', title: '東京駅の写真' });
  });

  it('are grouped by target and type: three actors shown newest first, all counted', async () => {
    const post = await newSpot();
    for (const i of [1, 2, 3, 4]) await json('POST', `/posts/${post.id}/like`, m(i));
    const group = (await listOf(0)).find(
      (item) => item.type === 'like' && item.target.post?.id === post.id,
    );
    expect(group?.actor_count).toBe(4);
    expect(group?.actors.map((actor) => actor.id)).toEqual([m(4).id, m(3).id, m(2).id]);
    expect(group?.ids).toHaveLength(4);
    expect(group?.read).toBe(false);
  });

  it('a read notification stays when the like is undone', async () => {
    const post = await newSpot();
    await json('POST', `/posts/${post.id}/like`, m(1));
    const [row] = await rowsAbout(post.id);
    await json('POST', '/notifications/read', m(0), { ids: [row!.id] });
    await json('DELETE', `/posts/${post.id}/like`, m(1));
    const rows = await rowsAbout(post.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.readAt).not.toBeNull();
  });

  it('wants are grouped the same way, and withdrawing a want takes its unread notification back', async () => {
    const post = await newSpot(1);
    for (const i of [2, 3, 4]) await json('POST', `/posts/${post.id}/want`, m(i));
    const group = await groupOf(1, 'want', post.id);
    expect(group?.actor_count).toBe(3);
    expect(actorIdsOf(group)).toEqual([m(4).id, m(3).id, m(2).id]);

    const unread = await unreadOf(1);
    expect((await json('DELETE', `/posts/${post.id}/want`, m(3))).statusCode).toBe(200);
    expect(await unreadOf(1)).toBe(unread - 1);
    const after = await groupOf(1, 'want', post.id);
    expect(after?.actor_count).toBe(2);
    expect(actorIdsOf(after)).toEqual([m(4).id, m(2).id]);
    expect((await rowsAbout(post.id)).map((row) => row.actorId).sort()).toEqual(
      [m(2).id, m(4).id].sort(),
    );
  });
});

describe('comments', () => {
  it('tell the owner (comment) and earlier commenters (reply); deleting takes them back', async () => {
    const post = await newSpot();
    const first = await json('POST', `/posts/${post.id}/comments`, m(1), { body: 'いいですね' });
    expect(first.statusCode).toBe(201);
    const second = await json('POST', `/posts/${post.id}/comments`, m(2), { body: '行きたい' });
    const rows = await rowsAbout(post.id);
    expect(
      rows
        .filter((row) => row.type === 'comment')
        .map((row) => row.actorId)
        .sort(),
    ).toEqual([m(1).id, m(2).id].sort());
    const reply = rows.find((row) => row.type === 'reply');
    expect(reply?.userId).toBe(m(1).id);
    expect(reply?.actorId).toBe(m(2).id);

    await json('DELETE', `/posts/${post.id}/comments/${second.json().data.id}`, m(2));
    const left = await rowsAbout(post.id);
    expect(left.map((row) => row.actorId)).toEqual([m(1).id]);
  });

  it('are grouped by post; a second comment by the same member refreshes their row, unread again', async () => {
    const post = await newSpot();
    for (const i of [1, 2, 3]) expect((await comment(post.id, i)).statusCode).toBe(201);
    const group = await groupOf(0, 'comment', post.id);
    expect(group?.actor_count).toBe(3);
    expect(actorIdsOf(group)).toEqual([m(3).id, m(2).id, m(1).id]);
    await json('POST', '/notifications/read', m(0), { ids: group?.ids });
    expect((await groupOf(0, 'comment', post.id))?.read).toBe(true);

    const again = await comment(post.id, 1, 'もう一度');
    const refreshed = await groupOf(0, 'comment', post.id);
    expect(refreshed?.actor_count).toBe(3);
    expect(actorIdsOf(refreshed)).toEqual([m(1).id, m(3).id, m(2).id]);
    expect(refreshed?.target.comment_id).toBe(again.json().data.id);
    expect(refreshed?.read).toBe(false);
  });
});

describe('follows', () => {
  it('tell the followed member; unfollowing takes it back', async () => {
    await json('POST', `/users/${m(0).id}/follow`, m(5));
    const items = await listOf(0);
    expect(items.some((item) => item.type === 'follow' && item.actors[0]?.id === m(5).id)).toBe(
      true,
    );
    await json('DELETE', `/users/${m(0).id}/follow`, m(5));
    const after = await listOf(0);
    expect(after.some((item) => item.type === 'follow' && item.actors[0]?.id === m(5).id)).toBe(
      false,
    );
  });

  it('several followers within a day are one group, newest first', async () => {
    for (const i of [1, 2, 3, 4]) await relate(i, 'follow', 0);
    const group = await groupOf(0, 'follow', null);
    expect(group?.actor_count).toBe(4);
    expect(actorIdsOf(group)).toEqual([m(4).id, m(3).id, m(2).id]);
    expect((await listOf(0)).filter((item) => item.type === 'follow')).toHaveLength(1);
    for (const i of [1, 2, 3, 4]) await relate(i, 'follow', 0, false);
  });
});

describe('blocks and mutes', () => {
  it('nothing comes from a muted member, and earlier ones are hidden once muted or blocked', async () => {
    const post = await newSpot(3);
    await json('POST', `/users/${m(4).id}/mute`, m(3));
    await json('POST', `/posts/${post.id}/like`, m(4));
    expect(await rowsAbout(post.id)).toHaveLength(0);
    await json('DELETE', `/users/${m(4).id}/mute`, m(3));

    await json('POST', `/posts/${post.id}/like`, m(5));
    const unread = await unreadOf(3);
    expect(unread).toBeGreaterThan(0);
    await json('POST', `/users/${m(5).id}/block`, m(3));
    expect(await unreadOf(3)).toBe(unread - 1);
    expect((await listOf(3)).some((item) => item.actors.some((a) => a.id === m(5).id))).toBe(false);
    await json('DELETE', `/users/${m(5).id}/block`, m(3));
  });

  it('a comment tells no one who muted its author or stands in a block with them; the owner’s block refuses it', async () => {
    const post = await newSpot(6);
    for (const i of [7, 8, 0]) await comment(post.id, i, '先にコメント');
    await relate(6, 'mute', 5); // the owner
    await relate(7, 'mute', 5); // an earlier commenter
    await relate(5, 'block', 8); // the author blocked another earlier commenter
    expect((await comment(post.id, 5)).statusCode).toBe(201);
    const fromAuthor = (await rowsAbout(post.id)).filter((row) => row.actorId === m(5).id);
    expect(fromAuthor.map((row) => [row.type, row.userId])).toEqual([['reply', m(0).id]]);

    await relate(6, 'block', 5);
    expect((await comment(post.id, 5)).statusCode).toBe(403);
    await relate(6, 'block', 5, false);
    await relate(6, 'mute', 5, false);
    await relate(7, 'mute', 5, false);
    await relate(5, 'block', 8, false);
  });

  it('a block forbids following either way (403); a muted member’s follow tells nothing', async () => {
    await relate(6, 'block', 7);
    expect((await relate(7, 'follow', 6)).statusCode).toBe(403);
    expect((await relate(6, 'follow', 7)).statusCode).toBe(403);
    await relate(6, 'mute', 8);
    expect((await relate(8, 'follow', 6)).statusCode).toBe(200);
    // Muting is one way: the muted member still hears of the muter.
    expect((await relate(6, 'follow', 8)).statusCode).toBe(200);
    const follows = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'follow'));
    const between = (a: number, b: number) =>
      follows.filter((row) => row.userId === m(a).id && row.actorId === m(b).id);
    expect(between(6, 7)).toHaveLength(0);
    expect(between(7, 6)).toHaveLength(0);
    expect(between(6, 8)).toHaveLength(0);
    expect(between(8, 6)).toHaveLength(1);

    await relate(8, 'follow', 6, false);
    await relate(6, 'follow', 8, false);
    await relate(6, 'mute', 8, false);
    await relate(6, 'block', 7, false);
  });

  it('a new post reaches no follower or station wanter who muted its author or stands in a block', async () => {
    await ctx.app.notifications.worker.drain(); // earlier posts' jobs, before anyone wants 東京
    for (const i of [6, 7, 8]) await relate(i, 'follow', 5);
    for (const i of [1, 2, 3, 8]) await wantStation(i);
    await relate(6, 'mute', 5); // a follower
    await relate(3, 'mute', 5); // a station wanter
    await relate(8, 'block', 5); // a follower and wanter: the block also ends the follow
    await relate(5, 'block', 1); // the author blocked a wanter
    const post = await newSpot(5);
    await ctx.app.notifications.worker.drain();
    const rows = await rowsAbout(post.id);
    expect(rows.map((row) => [row.type, row.userId]).sort()).toEqual(
      [
        ['followed_post', m(7).id],
        ['station_post', m(2).id],
      ].sort(),
    );

    for (const i of [6, 7]) await relate(i, 'follow', 5, false);
    for (const i of [1, 2, 3, 8]) await wantStation(i, false);
    await relate(6, 'mute', 5, false);
    await relate(3, 'mute', 5, false);
    await relate(8, 'block', 5, false);
    await relate(5, 'block', 1, false);
  });
});

describe('reading', () => {
  it('marks given ids or everything read; others’ ids are ignored; bad ids are a 422', async () => {
    const post = await newSpot(2);
    await json('POST', `/posts/${post.id}/like`, m(1));
    const [row] = await rowsAbout(post.id);
    const foreign = await json('POST', '/notifications/read', m(1), { ids: [row!.id] });
    expect(foreign.statusCode).toBe(200);
    expect((await rowsAbout(post.id))[0]?.readAt).toBeNull();

    const bad = await json('POST', '/notifications/read', m(2), { ids: ['nope'] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors ?? {})[0]).toMatch(/^ids/);

    const all = await json('POST', '/notifications/read', m(2), {});
    expect(all.json().data.unread_count).toBe(0);
    expect(await unreadOf(2)).toBe(0);
    expect((await listOf(2)).every((item) => item.read)).toBe(true);
  });

  it('marks everything read when sent no body at all', async () => {
    const post = await newSpot(3);
    await json('POST', `/posts/${post.id}/like`, m(1));
    expect(await unreadOf(3)).toBeGreaterThan(0);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/notifications/read',
      headers: { origin, authorization: `Bearer ${m(3).token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.unread_count).toBe(0);
    expect(await unreadOf(3)).toBe(0);
  });

  it('groups by Japan day and pages across days, weeks and months without repeats or gaps', async () => {
    const owner = 5;
    const postsOf = [await newSpot(owner), await newSpot(owner)];
    for (const post of postsOf)
      for (const i of [0, 1, 2, 3]) await json('POST', `/posts/${post.id}/like`, m(i));
    // Spread the likes over days: 2 days, 10 days and 40 days back (one actor each).
    const rows = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, m(owner).id));
    const shifts = ['2 days', '10 days', '40 days'];
    for (const [index, row] of rows.filter((r) => r.type === 'like').entries()) {
      const shift = shifts[index % 4];
      if (!shift) continue;
      await ctx.db
        .update(notifications)
        .set({ createdAt: sql`${notifications.createdAt} - ${shift}::interval` })
        .where(eq(notifications.id, row.id));
    }
    const [expected] = await ctx.db
      .select({
        groups: sql<number>`count(distinct (type, target_key, (created_at at time zone 'Asia/Tokyo')::date))::int`,
      })
      .from(notifications)
      .where(eq(notifications.userId, m(owner).id));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await json(
        'GET',
        `/notifications?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        m(owner),
      );
      const page = response.json().data as {
        items: { ids: string[] }[];
        next_cursor: string | null;
      };
      seen.push(...page.items.flatMap((item) => item.ids));
      cursor = page.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(rows.map((row) => row.id).sort());
    expect((await listOf(owner)).length).toBe(expected?.groups);
  });

  it('needs a member', async () => {
    expect((await json('GET', '/notifications')).statusCode).toBe(401);
    expect((await json('GET', '/notifications/unread-count')).statusCode).toBe(401);
    expect((await json('POST', '/notifications/read', {}, {})).statusCode).toBe(401);
  });

  it('pages groups without repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const response = await json('GET', `/notifications?limit=1${query}`, m(0));
      const page = response.json().data as { items: { id: string }[]; next_cursor: string | null };
      seen.push(...page.items.map((item) => item.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe((await listOf(0)).length);
    const forged = await json('GET', '/notifications?cursor=abc', m(0));
    expect(forged.statusCode).toBe(422);
  });
});

describe('new posts', () => {
  it('reach followers and station wanters through the background job, once', async () => {
    await json('POST', `/users/${m(1).id}/follow`, m(2));
    await json('POST', `/stations/${tokyo}/want-to-visit`, m(3));
    await json('POST', `/stations/${tokyo}/want-to-visit`, m(2));
    const post = await newSpot(1);
    // Nothing yet: the request only queued the job.
    expect(await rowsAbout(post.id)).toHaveLength(0);
    const jobs = await ctx.db
      .select()
      .from(notificationJobs)
      .where(eq(notificationJobs.postId, post.id));
    expect(jobs).toHaveLength(1);

    const result = await ctx.app.notifications.worker.drain();
    expect(result.fannedOut).toBeGreaterThanOrEqual(1);
    const rows = await rowsAbout(post.id);
    expect(rows.map((row) => [row.type, row.userId]).sort()).toEqual(
      [
        ['followed_post', m(2).id],
        ['station_post', m(3).id],
      ].sort(),
    );
    // Done jobs go; draining again changes nothing.
    await ctx.app.notifications.worker.drain();
    expect(await rowsAbout(post.id)).toHaveLength(2);
    await json('DELETE', `/users/${m(1).id}/follow`, m(2));
  });
});

describe('mail', () => {
  it('batches a burst into one mail with an unsubscribe link, and honours unsubscribing', async () => {
    const target = m(4);
    const mailsTo = async () =>
      ctx.db
        .select()
        .from(mailOutbox)
        .where(
          and(eq(mailOutbox.toAddress, target.email), eq(mailOutbox.category, 'notification')),
        );
    // Follows are mailed by default, likes are not.
    const prefs = await json('GET', '/notifications/preferences', target);
    expect(prefs.json().data.mail_types).toContain('follow');
    expect(prefs.json().data.mail_types).not.toContain('like');

    for (const i of [0, 1, 2, 3, 5]) await json('POST', `/users/${target.id}/follow`, m(i));
    const post = await newSpot(4);
    await json('POST', `/posts/${post.id}/like`, m(0));
    await ctx.app.notifications.worker.drain();
    expect(await mailsTo()).toHaveLength(0); // not due yet: a burst waits to be batched
    await ctx.db
      .update(notifications)
      .set({ mailDueAt: sql`now()` })
      .where(and(eq(notifications.userId, target.id), sql`${notifications.mailDueAt} is not null`));
    const result = await ctx.app.notifications.worker.drain();
    expect(result.mails).toBe(1);
    const mails = await mailsTo();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('5件');
    expect(mails[0]?.textBody).toContain('ほか4人があなたをフォローしました');
    expect(mails[0]?.textBody).not.toContain('いいね');
    const token = /\/unsubscribe\/([A-Za-z0-9_-]+)/.exec(mails[0]?.textBody ?? '')?.[1];
    expect(token).toBeTruthy();

    const off = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/mail/unsubscribe/${token}`,
    });
    expect(off.statusCode).toBe(200);
    for (const i of [0, 1]) await json('DELETE', `/users/${target.id}/follow`, m(i));
    for (const i of [0, 1]) await json('POST', `/users/${target.id}/follow`, m(i));
    const due = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, target.id), sql`${notifications.mailDueAt} is not null`));
    expect(due).toHaveLength(0);
  });

  it('batches comments, mailed by default, and honours unsubscribing', async () => {
    await json('POST', '/notifications/read', m(6), {}); // what is read is never mailed
    expect(await waitingForMail(6)).toHaveLength(0);
    const post = await newSpot(6);
    for (const i of [1, 2, 3]) await comment(post.id, i);
    await json('POST', `/posts/${post.id}/like`, m(1)); // likes are not mailed by default
    expect((await waitingForMail(6)).map((row) => row.type)).toEqual([
      'comment',
      'comment',
      'comment',
    ]);
    await mailDueNow(6);
    expect((await ctx.app.notifications.worker.drain()).mails).toBe(1);
    const mails = await notificationMailsTo(6);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('3件');
    // The newest commenter is named first, as on the notifications page.
    expect(mails[0]?.textBody).toContain('会員3さんほか2人があなたの投稿にコメントしました');
    expect(mails[0]?.textBody).not.toContain('いいねしました');
    const token = /\/unsubscribe\/([A-Za-z0-9_-]+)/.exec(mails[0]?.textBody ?? '')?.[1];
    const off = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/mail/unsubscribe/${token}`,
    });
    expect(off.statusCode).toBe(200);

    await comment(post.id, 5);
    expect((await rowsAbout(post.id)).some((row) => row.actorId === m(5).id)).toBe(true);
    expect(await waitingForMail(6)).toHaveLength(0);
    await ctx.app.notifications.worker.drain();
    expect(await notificationMailsTo(6)).toHaveLength(1);
  });

  it('does not mail likes unless the member chose them', async () => {
    await json('POST', '/notifications/read', m(7), {});
    const post = await newSpot(7);
    await json('POST', `/posts/${post.id}/like`, m(1));
    expect(await waitingForMail(7)).toHaveLength(0);

    await json('PUT', '/notifications/preferences', m(7), { mail_types: ['like'] });
    await json('POST', `/posts/${post.id}/like`, m(2));
    await comment(post.id, 3); // the choice replaces the defaults: comments are off now
    expect((await waitingForMail(7)).map((row) => [row.type, row.actorId])).toEqual([
      ['like', m(2).id],
    ]);
    await mailDueNow(7);
    expect((await ctx.app.notifications.worker.drain()).mails).toBe(1);
    const mails = await notificationMailsTo(7);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('1件');
    expect(mails[0]?.textBody).toContain('会員2さんがあなたの投稿にいいねしました');
    expect(mails[0]?.textBody).not.toContain('コメントしました');
  });

  it('per-type choices are saved and checked', async () => {
    const saved = await json('PUT', '/notifications/preferences', m(5), {
      mail_types: ['like', 'comment'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.mail_types).toEqual(['like', 'comment']);
    const bad = await json('PUT', '/notifications/preferences', m(5), { mail_types: ['spam'] });
    expect(bad.statusCode).toBe(422);
  });
});
