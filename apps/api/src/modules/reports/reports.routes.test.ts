import { REPORT_ACCEPTED_MESSAGE, REPORT_NOTE_MAX, REPORTS_PER_HOUR } from '@ekispot/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createPostClient, NEAR_TOKYO_STATION, type TestAuth } from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { comments, posts, reports, users } from '../../db/schema/index.js';
import { REPORTS_PER_HOUR_PER_ADDRESS } from './reports.routes.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
const origin = 'http://localhost:3000';
const members: (TestAuth & { id: string })[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  members.push(...(await accounts.members('reporter', 3)));
  login = (email) => accounts.insertMemberAndLogIn(email).then(() => undefined);
  relogin = async (email) => {
    const again = await accounts.post('/login', { email, password: 'correct horse battery' });
    expect(again.statusCode).toBe(200);
    return { token: again.json().data.token as string };
  };
});
afterAll(async () => {
  await ctx?.close();
});

let login: (email: string) => Promise<void>;
let relogin: (email: string) => Promise<TestAuth>;
const m = (i: number) => members[i]!;
const report = (i: number | null, body: object) =>
  client.json('POST', '/reports', i === null ? {} : m(i), body);
const newSpot = (owner: number) =>
  client.createdPost(m(owner), { kind: 'spot', title: '報告される投稿', ...NEAR_TOKYO_STATION });

async function newList(owner: number, isPublic: boolean) {
  const response = await client.json('POST', '/lists', m(owner), {
    title: isPublic ? '公開リスト' : '非公開リスト',
    is_public: isPublic,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.id as string;
}

describe('POST /reports', () => {
  it('takes a member’s report of a post once, and another member’s too', async () => {
    const post = await newSpot(0);
    const body = {
      target: { kind: 'post', id: post.id },
      reason: 'spam',
      note: ' 宣伝ばかりです ',
    };
    const first = await report(1, body);
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe(REPORT_ACCEPTED_MESSAGE);
    expect(first.json().data).toMatchObject({
      target: { kind: 'post', id: post.id },
      reason: 'spam',
      note: '宣伝ばかりです',
      status: 'open',
    });
    const [row] = await ctx.db
      .select()
      .from(reports)
      .where(and(eq(reports.reporterId, m(1).id), eq(reports.targetId, post.id)));
    expect(row?.targetOwnerId).toBe(m(0).id);

    const again = await report(1, { ...body, reason: 'harassment' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'この投稿はすでに報告済みです。運営が確認するまでお待ちください。',
    );
    expect((await report(2, body)).statusCode).toBe(201);
  });

  it('takes reports of a comment, a member and a public list', async () => {
    const post = await newSpot(0);
    const comment = await client.json('POST', `/posts/${post.id}/comments`, m(0), {
      body: '報告されるコメント',
    });
    expect(comment.statusCode).toBe(201);
    const targets = [
      { kind: 'comment', id: comment.json().data.id as string },
      { kind: 'user', id: m(0).id },
      { kind: 'list', id: await newList(0, true) },
    ];
    for (const target of targets)
      expect((await report(1, { target, reason: 'other' })).statusCode).toBe(201);
  });

  it('refuses one’s own items, and what is missing or private, in Japanese', async () => {
    const own = await report(0, {
      target: { kind: 'post', id: (await newSpot(0)).id },
      reason: 'spam',
    });
    expect(own.statusCode).toBe(422);
    expect(own.json().errors).toEqual({ target: ['自分の投稿は報告できません。'] });
    const self = await report(0, { target: { kind: 'user', id: m(0).id }, reason: 'spam' });
    expect(self.json().errors).toEqual({ target: ['自分自身は報告できません。'] });

    const missing = await report(1, {
      target: { kind: 'post', id: '0190a000-0000-7000-8000-000000000000' },
      reason: 'spam',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(
      '報告する投稿が見つかりません。すでに削除された可能性があります。',
    );
    const hidden = await report(1, {
      target: { kind: 'list', id: await newList(0, false) },
      reason: 'privacy',
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('needs a member, a known reason and a short clean note', async () => {
    const post = await newSpot(0);
    const target = { kind: 'post', id: post.id };
    expect((await report(null, { target, reason: 'spam' })).statusCode).toBe(401);

    const badReason = await report(1, { target, reason: 'boring' });
    expect(badReason.statusCode).toBe(422);
    expect(badReason.json().errors.reason).toEqual(['理由を選んでください。']);

    const long = await report(1, {
      target,
      reason: 'other',
      note: 'あ'.repeat(REPORT_NOTE_MAX + 1),
    });
    expect(long.json().errors.note).toEqual([
      `補足は${REPORT_NOTE_MAX}文字以内で入力してください。`,
    ]);
    const control = await report(1, { target, reason: 'other', note: 'a\u0000b' });
    expect(control.statusCode).toBe(422);
    expect(control.json().errors.note).toEqual([
      '使用できない文字（制御文字など）が含まれています。',
    ]);
    const badKind = await report(1, { target: { kind: 'station', id: post.id }, reason: 'spam' });
    expect(badKind.statusCode).toBe(422);
    expect(await ctx.db.select().from(reports).where(eq(reports.targetId, post.id))).toHaveLength(
      0,
    );
  });

  it('answers a comment under a hidden post, or a suspended author’s, as a missing one', async () => {
    const missingComment = await report(1, {
      target: { kind: 'comment', id: '0190a000-0000-7000-8000-000000000000' },
      reason: 'spam',
    });
    expect(missingComment.statusCode).toBe(404);
    for (const outOfSight of ['hidden', 'suspended'] as const) {
      const post = await newSpot(0);
      const made = await client.json('POST', `/posts/${post.id}/comments`, m(2), {
        body: '見えない投稿へのコメント',
      });
      expect(made.statusCode).toBe(201);
      if (outOfSight === 'hidden')
        await ctx.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, post.id));
      else
        await ctx.db
          .update(users)
          .set({ suspendedUntil: new Date(Date.now() + 60 * 60_000) })
          .where(eq(users.id, m(0).id));
      try {
        const refused = await report(1, {
          target: { kind: 'comment', id: made.json().data.id as string },
          reason: 'spam',
        });
        // The same answer as for a comment that never was: a report cannot probe hidden items.
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toEqual(missingComment.json());
      } finally {
        await ctx.db
          .update(users)
          .set({ suspendedUntil: null })
          .where(eq(users.id, m(0).id));
      }
      const [comment] = await ctx.db
        .select()
        .from(comments)
        .where(eq(comments.id, made.json().data.id as string));
      expect(comment).toBeDefined();
      expect(await ctx.db.select().from(reports).where(eq(reports.targetId, comment!.id))).toEqual(
        [],
      );
    }
  });
});

describe('report limits', () => {
  const missing = { kind: 'post', id: '0190a000-0000-7000-8000-000000000001' };
  const send = (auth: TestAuth, address: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v2/reports',
      headers: { origin, authorization: `Bearer ${auth.token}` },
      payload: { target: missing, reason: 'spam' },
      remoteAddress: address,
    });

  it('counts per member: logging in again does not start a new count', async () => {
    const email = 'limit-member@example.jp';
    await login(email);
    let session = await relogin(email);
    for (let i = 0; i < REPORTS_PER_HOUR; i += 1) {
      // Over several sessions, as a script logging in again would.
      if (i % 5 === 0) session = await relogin(email);
      expect((await send(session, '192.0.2.10')).statusCode).toBe(404);
    }
    const refused = await send(await relogin(email), '192.0.2.11');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      success: false,
      status: 429,
      code: 'RATE_LIMITED',
      message: '短い時間に多くの報告が送られました。しばらく待ってからもう一度お試しください。',
    });
    // Another member is not held back by it.
    expect((await send(m(2), '192.0.2.12')).statusCode).toBe(404);
  });

  it('counts per address: new accounts from one address meet the same limit', async () => {
    const address = '198.51.100.7';
    const perMember = REPORTS_PER_HOUR;
    const needed = Math.ceil(REPORTS_PER_HOUR_PER_ADDRESS / perMember);
    let sent = 0;
    for (let i = 0; i < needed; i += 1) {
      const email = `limit-address${i}@example.jp`;
      await login(email);
      const session = await relogin(email);
      for (let j = 0; j < perMember && sent < REPORTS_PER_HOUR_PER_ADDRESS; j += 1, sent += 1)
        expect((await send(session, address)).statusCode).toBe(404);
    }
    await login('limit-address-new@example.jp');
    const newcomer = await relogin('limit-address-new@example.jp');
    const refused = await send(newcomer, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // The same member from another address is not refused.
    expect((await send(newcomer, '198.51.100.8')).statusCode).toBe(404);
  });
});
