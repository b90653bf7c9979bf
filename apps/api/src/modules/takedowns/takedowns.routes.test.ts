import { REPORT_OVERDUE_DAYS, TAKEDOWN_CONFIRM_HOURS, TAKEDOWNS_PER_HOUR } from '@ekispot/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { mailOutbox, takedownRequests, users } from '../../db/schema/index.js';
import { hashSecretToken } from '../../lib/secret-tokens.js';
import { RECEIPT_NUMBER_PATTERN } from './receipt-number.js';
import { closeTakedown, closeTakedownsFor } from './takedowns.service.js';

const origin = 'http://localhost:3000';
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let moderator: { token: string; id: string };
let member: { token: string; id: string };
let clients = 0;

const POST_ID = '0190a000-0000-7000-8000-00000000a001';
const COMMENT_ID = '0190a000-0000-7000-8000-00000000c001';
const USER_ID = '0190a000-0000-7000-8000-00000000b001';
const LIST_ID = '0190a000-0000-7000-8000-00000000d001';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  const [mod, plain] = await createAuthClient(ctx, origin).members('takedown-staff', 2);
  moderator = mod!;
  member = plain!;
  await ctx.db.update(users).set({ role: 'moderator' }).where(eq(users.id, moderator.id));
});
afterAll(async () => {
  await ctx?.close();
});

const body = (email: string, extra: object = {}) => ({
  url: `${origin}/post/${POST_ID}`,
  relationship: 'self',
  reason: 'privacy',
  details: ' 自宅の写真が載っています。 ',
  name: '山田 花子',
  email,
  ...extra,
});

/** Each call from its own address unless told, so the per-client limit bites only where tested. */
function send(payload: object, remoteAddress?: string) {
  clients += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v2/takedowns',
    payload,
    headers: { origin },
    remoteAddress: remoteAddress ?? `10.7.${Math.floor(clients / 250)}.${clients % 250}`,
  });
}

const confirm = (token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v2/takedowns/confirm/${token}`,
    headers: { origin },
  });

const queue = (auth?: { token: string }) =>
  ctx.app.inject({
    url: '/api/v2/moderation/takedowns',
    headers: auth ? { authorization: `Bearer ${auth.token}` } : {},
  });

async function mailsTo(address: string) {
  return ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(mailOutbox.id);
}

/** Sends a request and returns its row and the token from the mailed link. */
async function requested(email: string, extra: object = {}) {
  const response = await send(body(email, extra));
  expect(response.statusCode, response.body).toBe(202);
  const [row] = await ctx.db
    .select()
    .from(takedownRequests)
    .where(eq(takedownRequests.email, email.toLowerCase()));
  const [mail] = await mailsTo(email.toLowerCase());
  const token = /\/contact\/takedown\/confirm\/([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '')?.[1];
  if (!row || !token) throw new Error(`no request or link for ${email}`);
  return { row, token, mail: mail! };
}

describe('POST /takedowns', () => {
  it('takes a visitor’s request unconfirmed and mails a link whose token only its hash is kept of', async () => {
    const response = await send(body('Requester-1@Example.jp'));
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      success: true,
      data: null,
      message: '確認のメールを送りました。メールのリンクを開くと申し出が受け付けられます。',
    });
    const { row, token, mail } = await requested('requester-1b@example.jp');
    expect(row).toMatchObject({
      url: `${origin}/post/${POST_ID}`,
      targetKind: 'post',
      targetId: POST_ID,
      relationship: 'self',
      reason: 'privacy',
      details: '自宅の写真が載っています。',
      name: '山田 花子',
      status: 'unconfirmed',
      confirmedAt: null,
    });
    expect(row.tokenHash).toBe(hashSecretToken(token));
    const hours = (row.tokenExpiresAt.getTime() - row.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(TAKEDOWN_CONFIRM_HOURS, 1);
    expect(mail.subject).toBe('【えきスポ】削除の申し出の確認をお願いします');
    expect(mail.category).toBe('essential');
    expect(mail.textBody).toContain(`${origin}/contact/takedown/confirm/${token}`);
    expect(mail.textBody).toContain(`対象のURL：${origin}/post/${POST_ID}`);
    expect(mail.textBody).toContain('理由：個人情報・プライバシー');
    // Nothing the sender typed reaches an address nobody has proven yet.
    expect(mail.textBody).not.toContain('山田');
    expect(mail.textBody).not.toContain('自宅');
    // The address is stored lower-cased.
    expect(await mailsTo('requester-1@example.jp')).toHaveLength(1);
  });

  it('names the item of every page form of ours, and stores our own address of it', async () => {
    const cases: [string, string, string, string][] = [
      [`${origin}/post/${POST_ID}/comment/${COMMENT_ID}`, 'comment', COMMENT_ID, ''],
      [`localhost:3000/list/${LIST_ID}?from=share#top`, 'list', LIST_ID, '?from=share'],
      [`/profile/${USER_ID}/posts`, 'user', USER_ID, ''],
      [`${origin}/users/${USER_ID}/followers/`, 'user', USER_ID, ''],
      [`HTTP://LOCALHOST:3000/POST/${POST_ID.toUpperCase()}`, 'post', POST_ID, ''],
    ];
    for (const [index, [url, kind, id, search]] of cases.entries()) {
      const email = `forms-${index}@example.jp`;
      const { row } = await requested(email, { url });
      expect({ kind: row.targetKind, id: row.targetId }, url).toEqual({ kind, id });
      expect(row.url.startsWith(origin), url).toBe(true);
      expect(row.url.endsWith(search), url).toBe(true);
    }
  });

  it('refuses a URL that is not one of our item pages, on url, in Japanese, storing nothing', async () => {
    const foreign = 'えきスポ（http://localhost:3000）のページのURLを入力してください。';
    const notAnItem = `削除を求める投稿・コメント・メンバー・リストのページのURLを入力してください（例：${origin}/post/…）。`;
    const cases: [string, string][] = [
      [`https://evil.example/post/${POST_ID}`, foreign],
      [`http://localhost:3001/post/${POST_ID}`, foreign],
      [`http://user:pw@localhost:3000/post/${POST_ID}`, foreign],
      ['javascript:alert(1)', foreign],
      [`//evil.example/post/${POST_ID}`, foreign],
      ['駅の写真のページ', foreign],
      [`${origin}/station/1130101`, notAnItem],
      [`${origin}/post/create/spot`, notAnItem],
      [`${origin}/post/not-a-uuid`, notAnItem],
      [`${origin}/list/update/${LIST_ID}`, notAnItem],
      [`${origin}/`, notAnItem],
    ];
    for (const [url, message] of cases) {
      const response = await send(body('refused@example.jp', { url }));
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors, url).toEqual({ url: [message] });
    }
    expect(await mailsTo('refused@example.jp')).toHaveLength(0);
    expect(
      await ctx.db
        .select()
        .from(takedownRequests)
        .where(eq(takedownRequests.email, 'refused@example.jp')),
    ).toHaveLength(0);
  });

  it('answers every missing or malformed field in Japanese', async () => {
    const response = await send({ url: ' ', relationship: 'fan', details: '', email: 'x' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      url: ['対象のURLを入力してください。'],
      relationship: ['対象との関係を選んでください。'],
      reason: ['理由を選んでください。'],
      details: ['申し出の内容を入力してください。'],
      email: ['正しいメールアドレスを入力してください。'],
    });
  });

  it(`takes ${TAKEDOWNS_PER_HOUR} an hour per client and per address; a mistyped URL costs nothing`, async () => {
    const ip = '10.8.0.1';
    for (let i = 0; i < 3; i += 1)
      expect((await send(body(`typo-${i}@example.jp`, { url: '/station/1' }), ip)).statusCode).toBe(
        422,
      );
    for (let i = 0; i < TAKEDOWNS_PER_HOUR; i += 1)
      expect((await send(body(`per-ip-${i}@example.jp`), ip)).statusCode).toBe(202);
    const refused = await send(body('per-ip-last@example.jp'), ip);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toBe(
      'リクエストが多すぎます。しばらく待ってからもう一度お試しください。',
    );

    for (let i = 0; i < TAKEDOWNS_PER_HOUR; i += 1)
      expect((await send(body('per-address@example.jp'))).statusCode).toBe(202);
    expect((await send(body('PER-ADDRESS@example.jp'))).statusCode).toBe(429);
    expect(await mailsTo('per-address@example.jp')).toHaveLength(TAKEDOWNS_PER_HOUR);
  });
});

describe('POST /takedowns/confirm/{token}', () => {
  it('opens the request once, mails its receipt, and says so when opened again', async () => {
    const { row, token } = await requested('confirm-1@example.jp');
    const first = await confirm(token);
    expect(first.statusCode).toBe(200);
    // The 受付番号 is eight characters to read out, not the row's UUID.
    expect(row.receiptNumber).toMatch(RECEIPT_NUMBER_PATTERN);
    expect(first.json()).toMatchObject({
      data: { id: row.id, receipt_number: row.receiptNumber, already_confirmed: false },
      message:
        '削除の申し出を受け付けました。運営チームが内容を確認し、対応の結果をメールでお知らせします。',
    });
    const [after] = await ctx.db
      .select()
      .from(takedownRequests)
      .where(eq(takedownRequests.id, row.id));
    expect(after?.status).toBe('open');
    expect(after?.confirmedAt).toBeInstanceOf(Date);
    const mails = await mailsTo('confirm-1@example.jp');
    expect(mails.map((mail) => mail.subject)).toEqual([
      '【えきスポ】削除の申し出の確認をお願いします',
      '【えきスポ】削除の申し出を受け付けました',
    ]);
    expect(mails[1]?.textBody).toContain('山田 花子 様');
    expect(mails[1]?.textBody).toContain(`受付番号：${row.receiptNumber}\n`);
    expect(mails[1]?.textBody).not.toContain(row.id);

    const again = await confirm(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      data: { id: row.id, receipt_number: row.receiptNumber, already_confirmed: true },
      message: 'この削除の申し出はすでに受け付けています。対応の結果はメールでお知らせします。',
    });
    expect(await mailsTo('confirm-1@example.jp')).toHaveLength(2);
  });

  it('refuses an unknown, an expired and a malformed link in Japanese', async () => {
    const unknown = await confirm('a'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'このリンクは無効です。メールに記載されたURLを、途中で切れていないか確かめてもう一度開いてください。',
    );

    const { row, token } = await requested('confirm-late@example.jp');
    await ctx.db
      .update(takedownRequests)
      .set({ tokenExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(takedownRequests.id, row.id));
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(
      `このリンクの有効期限（${TAKEDOWN_CONFIRM_HOURS}時間）が切れています。お手数ですが、もう一度お申し出ください。`,
    );
    const [still] = await ctx.db
      .select()
      .from(takedownRequests)
      .where(eq(takedownRequests.id, row.id));
    expect(still?.status).toBe('unconfirmed');

    const malformed = await confirm('short');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.token).toEqual([
      'URLが正しくありません。メールのリンクをもう一度開いてください。',
    ]);
  });
});

describe('GET /moderation/takedowns', () => {
  it('is not there for visitors and members; moderators see confirmed open requests, the longest-waiting first', async () => {
    for (const auth of [undefined, member]) expect((await queue(auth)).statusCode).toBe(404);

    const older = await requested('queue-old@example.jp', { url: `/list/${LIST_ID}` });
    const newer = await requested('queue-new@example.jp', { url: `/profile/${USER_ID}` });
    const unconfirmed = await requested('queue-unconfirmed@example.jp');
    await confirm(newer.token);
    await confirm(older.token);
    await ctx.db
      .update(takedownRequests)
      .set({ confirmedAt: sql`now() - interval '${sql.raw(String(REPORT_OVERDUE_DAYS))} days'` })
      .where(eq(takedownRequests.id, older.row.id));

    const response = await queue(moderator);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const items = response.json().data.items as { id: string }[];
    const ours = items.filter((item) =>
      [older.row.id, newer.row.id, unconfirmed.row.id].includes(item.id),
    );
    expect(ours).toEqual([
      expect.objectContaining({
        id: older.row.id,
        receipt_number: older.row.receiptNumber,
        url: `${origin}/list/${LIST_ID}`,
        target: { kind: 'list', id: LIST_ID },
        relationship: 'self',
        reason: 'privacy',
        details: '自宅の写真が載っています。',
        name: '山田 花子',
        email: 'queue-old@example.jp',
        waiting_days: REPORT_OVERDUE_DAYS,
        overdue: true,
      }),
      expect.objectContaining({
        id: newer.row.id,
        target: { kind: 'user', id: USER_ID },
        waiting_days: 0,
        overdue: false,
      }),
    ]);
    const indexOf = (id: string) => items.findIndex((item) => item.id === id);
    expect(indexOf(older.row.id)).toBeLessThan(indexOf(newer.row.id));
  });
});

describe('closing requests from a moderator’s action', () => {
  it('closes the open requests about one item in the caller’s transaction and mails each requester', async () => {
    const itemId = '0190a000-0000-7000-8000-00000000e001';
    const url = `/post/${itemId}`;
    const a = await requested('close-a@example.jp', { url });
    const b = await requested('close-b@example.jp', { url, name: '' });
    const unconfirmed = await requested('close-c@example.jp', { url });
    const elsewhere = await requested('close-d@example.jp');
    for (const { token } of [a, b, elsewhere]) await confirm(token);

    const closed = await ctx.db.transaction((tx) =>
      closeTakedownsFor(tx, { kind: 'post', id: itemId }, 'actioned', moderator.id, 'remove'),
    );
    expect(closed).toBe(2);
    const rows = await ctx.db
      .select()
      .from(takedownRequests)
      .where(and(eq(takedownRequests.targetKind, 'post'), eq(takedownRequests.targetId, itemId)));
    const statusOf = (id: string) => rows.find((row) => row.id === id);
    expect(statusOf(a.row.id)).toMatchObject({ status: 'actioned', resolvedBy: moderator.id });
    expect(statusOf(a.row.id)?.resolvedAt).toBeInstanceOf(Date);
    expect(statusOf(b.row.id)?.status).toBe('actioned');
    expect(statusOf(unconfirmed.row.id)?.status).toBe('unconfirmed');

    const [outcome] = (await mailsTo('close-b@example.jp')).filter((mail) =>
      mail.subject.includes('対応結果'),
    );
    expect(outcome?.textBody).toContain('お申し出いただいた方へ');
    expect(outcome?.textBody).toContain(`受付番号：${b.row.receiptNumber}\n`);
    expect(outcome?.textBody).toContain('このページの内容を削除しました。');
    expect(outcome?.textBody).not.toContain('takedown-staff');

    // A rolled-back action closes nothing and mails nobody.
    const c = await requested('close-e@example.jp', { url: `/list/${itemId}` });
    await confirm(c.token);
    await expect(
      ctx.db.transaction(async (tx) => {
        await closeTakedownsFor(
          tx,
          { kind: 'list', id: itemId },
          'dismissed',
          moderator.id,
          'dismiss',
        );
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    const [open] = await ctx.db
      .select()
      .from(takedownRequests)
      .where(eq(takedownRequests.id, c.row.id));
    expect(open?.status).toBe('open');
    expect(await mailsTo('close-e@example.jp')).toHaveLength(2);

    // One request by id: dismissed, its requester told; closing it again closes nothing.
    expect(
      await ctx.db.transaction((tx) => closeTakedown(tx, c.row.id, 'dismissed', moderator.id)),
    ).toBe(1);
    expect(
      await ctx.db.transaction((tx) => closeTakedown(tx, c.row.id, 'dismissed', moderator.id)),
    ).toBe(0);
    const dismissal = (await mailsTo('close-e@example.jp')).at(-1);
    expect(dismissal?.textBody).toContain('削除の対象にはあたらないと判断しました');
    expect(await mailsTo('close-e@example.jp')).toHaveLength(3);
  });
});
