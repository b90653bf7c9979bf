import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import {
  createPostClient,
  NEAR_TOKYO_STATION,
  pngFile,
  stationGroupIdOf,
  type TestAuth,
} from '../../../test/post-client.js';
import { openSse } from '../../../test/sse-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { moderationActions, users } from '../../db/schema/index.js';
import { runAdminCommand } from './admin-commands.js';

/**
 * The moderators' actions through real HTTP (docs/moderation.md#actions): what each does to the
 * item, the reports, the audit log, the notices, the rankings and a suspended member's
 * sessions. What a hidden item looks like on every page is hidden-items.test.ts.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
let accounts: ReturnType<typeof createAuthClient>;
const origin = 'http://localhost:3000';
type Member = TestAuth & { id: string; email: string; token: string };
let moderator: Member;
let author: Member;
let reporter: Member;
let other: Member;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createPostClient(ctx, origin);
  accounts = createAuthClient(ctx, origin);
  [moderator, author, reporter, other] = (await accounts.members('acting', 4)) as [
    Member,
    Member,
    Member,
    Member,
  ];
  await runAdminCommand(ctx.db, 'grant-moderator', [moderator.email]);
});
afterAll(async () => {
  await ctx?.close();
});

const act = (auth: TestAuth, body: object) =>
  client.json('POST', '/moderation/actions', auth, body);
const report = (auth: TestAuth, kind: string, id: string, reason = 'spam') =>
  client.json('POST', '/reports', auth, { target: { kind, id }, reason });
const notices = async (auth: TestAuth) =>
  (
    (await client.json('GET', '/notifications', auth)).json().data.items as {
      type: string;
      actors: unknown[];
      target: { post: { id: string } | null };
      moderation?: { action: string; role: string; reason: string | null };
    }[]
  ).filter((item) => item.type === 'moderation');
const postsScore = async (member: Member) => {
  const board = (await client.json('GET', '/rankings/posts?period=all', member)).json().data;
  return (board.me as { score: number } | null)?.score ?? 0;
};

describe('moderator actions', () => {
  it('are not there (404) for members and visitors', async () => {
    const notFound = (await client.json('GET', '/no-such-route', other)).json();
    for (const auth of [{}, other]) {
      for (const response of [
        await act(auth, {
          action: 'dismiss',
          target: { kind: 'post', id: author.id },
          reason: 'x',
        }),
        await client.json('GET', '/moderation/log', auth),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(notFound);
      }
    }
  });

  it('hide a reported post: reports closed, the reporter and the author told, the log written, scores taken out; restore brings it back', async () => {
    const post = await client.createdPost(author, {
      kind: 'spot',
      title: '宣伝だらけのスポット',
      ...NEAR_TOKYO_STATION,
    });
    await client.json('POST', `/posts/${post.id}/like`, other);
    const scoreBefore = await postsScore(author);
    expect((await report(reporter, 'post', post.id)).statusCode).toBe(201);

    const hidden = await act(moderator, {
      action: 'hide',
      target: { kind: 'post', id: post.id },
      reason: '宣伝目的の投稿のため',
    });
    expect(hidden.statusCode).toBe(201);
    expect(hidden.json().message).toBe('投稿について「非表示にする」を記録しました。');
    expect(hidden.json().data.entry).toMatchObject({
      action: 'hide',
      target: { kind: 'post', id: post.id },
      target_owner: { id: author.id },
      target_summary: '宣伝だらけのスポット',
      moderator: { id: moderator.id },
      reason: '宣伝目的の投稿のため',
      reports_closed: 1,
    });

    // Gone for others, there for its author with the mark; out of the author's score.
    expect((await client.json('GET', `/posts/${post.id}`, other)).statusCode).toBe(404);
    expect((await client.json('GET', `/posts/${post.id}`, author)).json().data.hidden).toBe(true);
    expect(await postsScore(author)).toBe(scoreBefore - 1);
    // The queue has nothing open about it any more; a second hide is refused.
    const queue = (await client.json('GET', '/moderation/reports', moderator)).json().data;
    expect(queue.items).toEqual([]);
    expect(
      (
        await act(moderator, {
          action: 'hide',
          target: { kind: 'post', id: post.id },
          reason: '再度',
        })
      ).statusCode,
    ).toBe(409);

    // Told as notices from the operators: no member named; the reason only to the author. The
    // post is named only to whom it is still shown (docs/moderation.md#hidden-items): its author.
    const [toReporter] = await notices(reporter);
    expect(toReporter).toMatchObject({
      actors: [],
      target: { post: null },
      moderation: { action: 'hide', role: 'reporter', reason: null },
    });
    const [toAuthor] = await notices(author);
    expect(toAuthor).toMatchObject({
      target: { post: { id: post.id } },
      moderation: { action: 'hide', role: 'author', reason: '宣伝目的の投稿のため' },
    });

    const restored = await act(moderator, {
      action: 'restore',
      target: { kind: 'post', id: post.id },
      reason: '誤って非表示にしたため',
    });
    expect(restored.statusCode).toBe(201);
    expect((await client.json('GET', `/posts/${post.id}`, other)).statusCode).toBe(200);
    expect((await notices(reporter))[0]?.target.post?.id).toBe(post.id);
    expect(await postsScore(author)).toBe(scoreBefore);
    expect((await notices(author)).map((notice) => notice.moderation?.action)).toEqual([
      'restore',
      'hide',
    ]);

    const logPage = (await client.json('GET', '/moderation/log?limit=1', moderator)).json().data;
    expect(logPage.items.map((entry: { action: string }) => entry.action)).toEqual(['restore']);
    const next = await client.json(
      'GET',
      `/moderation/log?limit=5&cursor=${logPage.next_cursor}`,
      moderator,
    );
    expect(next.json().data.items.map((entry: { action: string }) => entry.action)).toEqual([
      'hide',
    ]);
  });

  it('keeps the log append-only, whoever asks the database', async () => {
    await expect(ctx.db.update(moderationActions).set({ reason: '書き換え' })).rejects.toThrow();
    await expect(ctx.db.delete(moderationActions)).rejects.toThrow();
  });

  it('dismiss closes the reports without touching the item; warn tells the author; remove takes it away', async () => {
    const post = await client.createdPost(author, {
      kind: 'spot',
      title: '普通のスポット',
      ...NEAR_TOKYO_STATION,
    });
    await report(reporter, 'post', post.id, 'other');
    const dismissed = await act(moderator, {
      action: 'dismiss',
      target: { kind: 'post', id: post.id },
      reason: '規約違反は見当たらない',
    });
    expect(dismissed.json().data.entry.reports_closed).toBe(1);
    expect((await client.json('GET', `/posts/${post.id}`, other)).statusCode).toBe(200);
    expect((await notices(reporter))[0]?.moderation).toMatchObject({ action: 'dismiss' });
    // The author hears nothing of a dismissal.
    expect((await notices(author)).some((n) => n.moderation?.action === 'dismiss')).toBe(false);

    const comment = await client.json('POST', `/posts/${post.id}/comments`, other, {
      body: 'ひどいコメント',
    });
    const commentId = comment.json().data.id as string;
    await report(reporter, 'comment', commentId, 'harassment');
    const warned = await act(moderator, {
      action: 'warn',
      target: { kind: 'comment', id: commentId },
      reason: '相手を傷つける表現です',
    });
    expect(warned.statusCode).toBe(201);
    expect((await notices(other))[0]?.moderation).toMatchObject({
      action: 'warn',
      role: 'author',
      reason: '相手を傷つける表現です',
    });

    const removed = await act(moderator, {
      action: 'remove',
      target: { kind: 'comment', id: commentId },
      reason: '警告後も残っているため',
    });
    expect(removed.statusCode).toBe(201);
    const commentsNow = (await client.json('GET', `/posts/${post.id}/comments`, author)).json();
    expect(commentsNow.data.items).toEqual([]);
    expect((await notices(other))[0]?.moderation?.action).toBe('remove');
    expect(
      (
        await act(moderator, {
          action: 'restore',
          target: { kind: 'comment', id: commentId },
          reason: '戻す',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses actions that do not fit, one’s own items, and empty reasons, with field errors', async () => {
    const mine = await client.createdPost(moderator, {
      kind: 'spot',
      title: 'モデレーター自身の投稿',
      ...NEAR_TOKYO_STATION,
    });
    const cases = [
      [{ action: 'hide', target: { kind: 'user', id: author.id }, reason: '理由' }, 'action'],
      [{ action: 'suspend', target: { kind: 'post', id: mine.id }, reason: '理由' }, 'action'],
      [{ action: 'hide', target: { kind: 'post', id: mine.id }, reason: '理由' }, 'target'],
      [{ action: 'warn', target: { kind: 'post', id: mine.id }, reason: '  ' }, 'reason'],
    ] as const;
    for (const [body, field] of cases) {
      const response = await act(moderator, body);
      expect(response.statusCode).toBe(422);
      expect(Object.keys(response.json().errors ?? {})).toContain(field);
    }
  });
});

describe('suspension', () => {
  it('ends the member’s sessions at once, refuses their login with the end date, and lifts on restore', async () => {
    const suspended = (await accounts.members('suspended', 1))[0] as Member;
    const session = await ctx.app.inject({
      url: '/api/v2/auth/me',
      headers: { authorization: `Bearer ${suspended.token}` },
    });
    expect(session.json().data.id).toBe(suspended.id);

    const response = await act(moderator, {
      action: 'suspend',
      target: { kind: 'user', id: suspended.id },
      reason: 'スパムの繰り返し',
      suspend_days: 7,
    });
    expect(response.statusCode).toBe(201);
    const until = response.json().data.entry.suspended_until as string;
    expect(new Date(until).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

    const after = await ctx.app.inject({
      url: '/api/v2/auth/me',
      headers: { authorization: `Bearer ${suspended.token}` },
    });
    expect(after.json().data).toBeNull();
    const login = await accounts.post('/login', {
      email: suspended.email,
      password: 'correct horse battery',
    });
    expect(login.statusCode).toBe(403);
    const day = new Intl.DateTimeFormat('ja-JP', {
      timeZone: 'Asia/Tokyo',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    }).format(new Date(until));
    expect(login.json().message).toBe(`このアカウントは停止されています（${day}まで）。`);
    // A wrong password says what it always says: the suspension is not told to strangers.
    const wrong = await accounts.post('/login', { email: suspended.email, password: 'wrong' });
    expect(wrong.statusCode).toBe(422);

    expect(
      (
        await act(moderator, {
          action: 'suspend',
          target: { kind: 'user', id: suspended.id },
          reason: '二重',
          suspend_days: null,
        })
      ).statusCode,
    ).toBe(409);
    await act(moderator, {
      action: 'restore',
      target: { kind: 'user', id: suspended.id },
      reason: '期間を見直した',
    });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, suspended.id));
    expect(row?.suspendedUntil).toBeNull();
    const again = await accounts.post('/login', {
      email: suspended.email,
      password: 'correct horse battery',
    });
    expect(again.statusCode).toBe(200);
  });

  it('for good says 無期限', async () => {
    const suspended = (await accounts.members('forgood', 1))[0] as Member;
    const response = await act(moderator, {
      action: 'suspend',
      target: { kind: 'user', id: suspended.id },
      reason: '悪質な荒らし',
      suspend_days: null,
    });
    expect(response.json().data.entry.suspended_until).toBeNull();
    const [row] = await ctx.db
      .select({ year: sql<number>`extract(year from ${users.suspendedUntil})::int` })
      .from(users)
      .where(eq(users.id, suspended.id));
    expect(row?.year).toBe(9999);
    const login = await accounts.post('/login', {
      email: suspended.email,
      password: 'correct horse battery',
    });
    expect(login.json().message).toBe('このアカウントは停止されています（無期限）。');
  });
});

describe('photos', () => {
  it('follow their post at once: a hide makes them 404 to others, a restore brings them back', async () => {
    const photo = await client.createdPost(author, {
      kind: 'image',
      title: '隠される写真',
      station_group_id: String(await stationGroupIdOf(ctx.db, '東京', 13)),
      'images[0]': await pngFile(),
    });
    const url = `/image/${photo.images[0]!.id}?size=thumb`;
    const status = async (auth: TestAuth = {}) => (await client.json('GET', url, auth)).statusCode;
    // Read once, so what is kept in memory must follow the action.
    expect(await status()).toBe(200);
    const action = (name: string) =>
      act(moderator, {
        action: name,
        target: { kind: 'post', id: photo.id },
        reason: '確認のため',
      });
    expect((await action('hide')).statusCode).toBe(201);
    expect([await status(), await status(other), await status(author)]).toEqual([404, 404, 200]);
    expect((await action('restore')).statusCode).toBe(201);
    expect(await status(other)).toBe(200);
  });
});

describe('open notification streams', () => {
  it('hear a hide and its restore: the unread count of those who heard of the post follows', async () => {
    const post = await client.createdPost(author, {
      kind: 'spot',
      title: 'コメントの集まるスポット',
      ...NEAR_TOKYO_STATION,
    });
    const [first, second] = (await accounts.members('stream-heard', 2)) as [Member, Member];
    for (const [who, body] of [
      [first, '一つ目'],
      [second, '二つ目'],
    ] as const)
      expect(
        (await client.json('POST', `/posts/${post.id}/comments`, who, { body })).statusCode,
      ).toBe(201);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const stream = openSse(`http://127.0.0.1:${port}/api/v2/notifications/stream`, {
      authorization: `Bearer ${first.token}`,
    });
    await stream.ready;
    const count = async () => JSON.parse((await stream.next('unread')).data).unread_count as number;
    // The reply about the post.
    expect(await count()).toBe(1);

    const hidden = await act(moderator, {
      action: 'hide',
      target: { kind: 'post', id: post.id },
      reason: '確認のため',
    });
    expect(hidden.statusCode).toBe(201);
    expect(await count()).toBe(0);
    const restored = await act(moderator, {
      action: 'restore',
      target: { kind: 'post', id: post.id },
      reason: '問題なし',
    });
    expect(restored.statusCode).toBe(201);
    expect(await count()).toBe(1);
    stream.close();
  });
});
