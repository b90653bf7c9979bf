import { REPORT_ACCEPTED_MESSAGE, REPORT_NOTE_MAX } from '@ekispot/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createPostClient, NEAR_TOKYO_STATION, type TestAuth } from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { reports } from '../../db/schema/index.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
const origin = 'http://localhost:3000';
const members: (TestAuth & { id: string })[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  members.push(...(await accounts.members('reporter', 3)));
});
afterAll(async () => {
  await ctx?.close();
});

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
});
