import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp-test-server.js';
import { createTestApp } from '../../../test/test-app.js';
import { createMailWorker, type MailWorker } from '../mail/mail-outbox.service.js';
import { createSmtpTransport, type MailTransport } from '../mail/mail-transport.js';

/**
 * Alert mails through a real SMTP server (docs/accounts.md#alerts): a sign-in from a new
 * device, a password change, an address change, the second step turned on; each with the link
 * that ends every session and leads to a new password. No IP address is in any of them.
 */

const origin = 'http://localhost:3000';
const password = 'correct horse battery';
const EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let accounts: ReturnType<typeof createAuthClient>;
let smtp: TestSmtpServer;
let transport: MailTransport;
let worker: MailWorker;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  accounts = createAuthClient(ctx, origin);
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

async function received(address: string) {
  await ctx.app.drainInFlight(10_000);
  await worker.drain();
  return smtp.received.filter((mail) => mail.rcptTo.includes(address));
}

const secureLink = (text: string) => /\/secure-account\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;

function loginFrom(email: string, device: string, remoteAddress: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v2/auth/login',
    payload: { email, password },
    headers: { origin, 'user-agent': EDGE, cookie: `device=${device}` },
    remoteAddress,
  });
}

describe('alert mails', () => {
  it('tell of a sign-in from a new device, once, naming no address', async () => {
    const email = 'alert-device@example.jp';
    // Its first device (the sign-in of the set-up) tells of nothing.
    await accounts.insertMemberAndLogIn(email, password);
    expect(await received(email)).toHaveLength(0);

    const fresh = 'b'.repeat(32);
    expect((await loginFrom(email, fresh, '198.51.100.23')).statusCode).toBe(200);
    const [mail, ...more] = await received(email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('【えきスポ】新しい端末からログインがありました');
    expect(mail?.text).toContain('これまでにない端末（Windows・Edge）から');
    expect(mail?.text).not.toContain('198.51.100.23');
    expect(secureLink(mail?.text ?? '')).not.toBeNull();
    smtp.received.length = 0;
    // The same device again, from another address: nothing new.
    expect((await loginFrom(email, fresh, '203.0.113.7')).statusCode).toBe(200);
    expect(await received(email)).toHaveLength(0);
  });

  it('tell of a password change; the link ends every session and leads to a new password', async () => {
    const email = 'alert-password@example.jp';
    const { token } = await accounts.insertMemberAndLogIn(email, password);
    const { token: elsewhere } = (await accounts.post('/login', { email, password })).json().data;
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/password/change',
      payload: {
        current_password: password,
        password: 'a brand new one',
        password_confirmation: 'a brand new one',
      },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(changed.statusCode).toBe(200);
    // The second sign-in above came from a device of its own: that alert came first.
    const mails = await received(email);
    expect(mails.map((entry) => entry.subject)).toEqual([
      '【えきスポ】新しい端末からログインがありました',
      '【えきスポ】パスワードが変更されました',
    ]);
    const mail = mails[1];
    expect(mail?.subject).toBe('【えきスポ】パスワードが変更されました');
    expect(mail?.text).toContain('心当たりがない場合は');
    const link = secureLink(mail?.text ?? '')!;
    expect(mail?.html).toContain(`${origin}/secure-account/${link}`);
    expect(elsewhere).toEqual(expect.any(String));

    const secured = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/auth/secure-account/${link}`,
      headers: { origin },
    });
    expect(secured.statusCode).toBe(200);
    const me = await ctx.app.inject({
      url: '/api/v2/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().data).toBeNull();
    // Used once.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/auth/secure-account/${link}`,
      headers: { origin },
    });
    expect(again.statusCode).toBe(400);
    const reset = await accounts.post('/password/reset', {
      token: secured.json().data.reset_token,
      password: 'mine again please',
      password_confirmation: 'mine again please',
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await accounts.post('/login', { email, password: 'mine again please' })).statusCode,
    ).toBe(200);
  });

  it('tell the old address of an address change, and of the second step turned on', async () => {
    const email = 'alert-address@example.jp';
    const { token } = await accounts.insertMemberAndLogIn(email, password);
    const bearer = { authorization: `Bearer ${token}` };
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/email/change/request',
      payload: { email: 'alert-new@example.jp', password },
      headers: bearer,
    });
    const [confirmation] = await received('alert-new@example.jp');
    const change = /\/verify-new-email\/([A-Za-z0-9_-]+)/.exec(confirmation?.text ?? '')?.[1];
    smtp.received.length = 0;
    const switched = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/auth/email/change/verify/${change}`,
      headers: { origin },
    });
    expect(switched.statusCode).toBe(200);
    const [alert] = await received(email);
    expect(alert?.subject).toBe('【えきスポ】メールアドレスが変更されました');
    expect(secureLink(alert?.text ?? '')).not.toBeNull();
    expect(await received('alert-new@example.jp')).toHaveLength(0);

    // Within the window opened by the password above: no password asked.
    const setup = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/totp/setup',
      headers: bearer,
    });
    expect(setup.statusCode).toBe(200);
    const { generate } = await import('otplib');
    const code = await generate({ secret: setup.json().data.secret });
    const enabled = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/totp/enable',
      payload: { code },
      headers: bearer,
    });
    expect(enabled.statusCode).toBe(200);
    const [totp] = await received('alert-new@example.jp');
    expect(totp?.subject).toBe('【えきスポ】2段階認証が有効になりました');
  });
});
