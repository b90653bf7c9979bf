import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-test-server.js';
import { createTestApp } from '../../../test/test-app.js';
import { users } from '../../db/schema/index.js';
import { createMailWorker, type MailWorker } from '../mail/mail-outbox.service.js';
import { createSmtpTransport, type MailTransport } from '../mail/mail-transport.js';
import { enqueueNoticeMail } from '../mail/unsubscribe.service.js';

/**
 * The account flows end to end through real mail: the outbox worker sends over SMTP to a
 * server started here, and every link is read from the message that server received.
 */

const origin = 'http://localhost:3000';
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createAuthClient>;
let smtp: TestSmtpServer;
let transport: MailTransport;
let worker: MailWorker;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createAuthClient(ctx, origin);
  smtp = await startTestSmtpServer();
  transport = createSmtpTransport({
    url: `smtp://127.0.0.1:${smtp.port}`,
    from: 'えきスポ <no-reply@ekispot.test>',
  });
  const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
  worker = createMailWorker({ db: ctx.db, transport, log: quiet });
});
afterEach(() => {
  smtp.received.length = 0;
});
afterAll(async () => {
  transport?.close();
  await smtp?.close();
  await ctx?.close();
});

/** Sends what the outbox holds and returns the one message received for `address`. */
async function receive(address: string) {
  // Registration and mail requests queue their mail after answering.
  await ctx.app.drainInFlight(10_000);
  await worker.drain();
  const mails = smtp.received.filter((mail) => mail.rcptTo.includes(address));
  expect(mails).toHaveLength(1);
  return mails[0]!;
}

function linkIn(text: string, prefix: string): string {
  const escaped = `${origin}${prefix}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`${escaped}([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${prefix} link in: ${text}`);
  return match[1];
}

describe('account mail over SMTP', () => {
  it('verifies a registration from the link in the received mail', async () => {
    const email = 'smtp-register@example.jp';
    const password = 'password for smtp';
    await client.post('/register', {
      name: 'メール太郎',
      email,
      password,
      password_confirmation: password,
    });
    const mail = await receive(email);
    expect(mail.subject).toContain('メールアドレスの確認');
    expect(mail.text).toContain('メール太郎');
    const token = linkIn(mail.text, '/verify-email/');
    expect(mail.html).toContain(`${origin}/verify-email/${token}`);
    expect(mail.headers.has('list-unsubscribe')).toBe(false);

    expect((await client.post('/login', { email, password })).statusCode).toBe(403);
    const verified = await ctx.app.inject(`/api/v2/auth/email/verify/${token}`);
    expect(verified.statusCode).toBe(200);
    expect((await client.post('/login', { email, password })).statusCode).toBe(200);
  });

  it('resets a password from the received link; an unknown address gets no mail', async () => {
    const email = 'smtp-reset@example.jp';
    await client.insertMemberAndLogIn(email, 'old password 1');
    await worker.drain();
    smtp.received.length = 0;

    const unknown = await client.post('/password/reset/request', { email: 'nobody@example.jp' });
    const known = await client.post('/password/reset/request', { email });
    expect(unknown.json()).toEqual(known.json());
    const mail = await receive(email);
    expect(smtp.received).toHaveLength(1);
    const token = linkIn(mail.text, '/reset-password/');

    const reset = await client.post('/password/reset', {
      token,
      password: 'new password 2',
      password_confirmation: 'new password 2',
    });
    expect(reset.statusCode).toBe(200);
    smtp.received.length = 0;
    const notice = await receive(email);
    expect(notice.subject).toContain('パスワードが変更されました');
    expect((await client.post('/login', { email, password: 'new password 2' })).statusCode).toBe(
      200,
    );
  });

  it('sends the change link to the new address and a notice to the old one', async () => {
    const oldEmail = 'smtp-old@example.jp';
    const newEmail = 'smtp-new@example.jp';
    const { token: session } = await client.insertMemberAndLogIn(oldEmail, 'change my mail');
    await worker.drain();
    smtp.received.length = 0;

    const requested = await client.post(
      '/email/change/request',
      { email: newEmail, password: 'change my mail' },
      { authorization: `Bearer ${session}` },
    );
    expect(requested.statusCode).toBe(200);
    const confirmation = await receive(newEmail);
    const notice = smtp.received.find((mail) => mail.rcptTo.includes(oldEmail));
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).not.toContain('/verify-new-email/');

    const token = linkIn(confirmation.text, '/verify-new-email/');
    const verified = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/auth/email/change/verify/${token}`,
    });
    expect(verified.json().data.email).toBe(newEmail);
  });
});

describe('notice mail and unsubscribing', () => {
  it('carries one-click headers and a page link that stop notices but not essential mail', async () => {
    const email = 'smtp-notice@example.jp';
    await client.insertMemberAndLogIn(email, 'notice password');
    await worker.drain();
    smtp.received.length = 0;
    const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error('no user');

    await enqueueNoticeMail(ctx.db, origin, user, {
      subject: '【えきスポ】新しいコメントがあります',
      lines: ['あなたの投稿にコメントがつきました。'],
      url: `${origin}/post/1`,
      linkLabel: '投稿を見る',
    });
    const mail = await receive(email);
    const pageToken = linkIn(mail.text, '/unsubscribe/');
    expect(mail.headers.get('list-unsubscribe')).toBe(
      `<${origin}/api/v2/mail/unsubscribe/${pageToken}>`,
    );
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // What a mail client's one-click button sends (RFC 8058): a form POST, no cookie, no Origin.
    const oneClick = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/mail/unsubscribe/${pageToken}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toMatchObject({
      success: true,
      data: { email: 'sm***@example.jp' },
    });
    expect(oneClick.json().message).toContain('配信を停止しました');
    const [after] = await ctx.db.select().from(users).where(eq(users.email, email));
    expect(after?.mailOptIn).toBe(false);

    // The page's button may follow the one-click: a repeat is harmless.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/mail/unsubscribe/${pageToken}`,
    });
    expect(again.statusCode).toBe(200);

    smtp.received.length = 0;
    const skipped = await enqueueNoticeMail(ctx.db, origin, after!, {
      subject: '【えきスポ】お知らせ',
      lines: ['届かないはずのお知らせ'],
      url: `${origin}/`,
      linkLabel: 'えきスポを開く',
    });
    expect(skipped).toBeNull();
    await client.post('/password/reset/request', { email });
    const essential = await receive(email);
    expect(essential.subject).toContain('パスワード');
  });

  it('answers an unknown or malformed token in Japanese', async () => {
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/mail/unsubscribe/${'x'.repeat(43)}`,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(unknown.json().message).toContain('配信停止リンクは無効');

    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/mail/unsubscribe/short',
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toHaveProperty('token');
  });
});
