import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { mailOutbox, registrationBlocks, users } from '../../db/schema/index.js';

/**
 * The confirmation link (verification.service.ts, docs/accounts.md#signing-in-from-the-link):
 * its page names the account and asks; 「はい」 confirms, and signs in only the browser that
 * asked for the link (signup-browser.ts); 「いいえ」 deletes an unexpected account and closes
 * the address to registration for a day.
 */

const origin = 'http://localhost:3000';
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let accounts: ReturnType<typeof createAuthClient>;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  accounts = createAuthClient(ctx, origin);
});
afterAll(async () => {
  await ctx?.close();
});

type Reply = Awaited<ReturnType<typeof ctx.app.inject>>;

/** Registers over HTTP (201 whatever the address), as a browser would. */
async function postRegister(email: string, name: string, password: string) {
  const reply = await accounts.post('/register', {
    name,
    email,
    password,
    password_confirmation: password,
  });
  expect(reply.statusCode).toBe(201);
  return reply;
}

/** The cookies a browser would keep from an answer, as one `cookie` header. */
const cookiesOf = (reply: Reply) => reply.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

/** Registers from a browser: its cookies, the mailed link's token and the answer. */
async function registerFromBrowser(email: string, password = 'password 12345') {
  const reply = await postRegister(email, '駅好き', password);
  const { token } = await accounts.lastMailTo(email);
  return { browser: cookiesOf(reply), token: token!, reply };
}

/** Registers someone's address (maybe not one's own); returns what the answer says. */
async function registerAs(email: string, name: string) {
  const response = await postRegister(email, name, 'attacker password 1');
  await ctx.app.drainInFlight(10_000);
  return response.json().message as string;
}

const yes = (token: string, cookie = '') =>
  ctx.app.inject({
    url: `/api/v2/auth/email/verify/${token}`,
    headers: cookie ? { cookie } : {},
  });

async function signedInAs(reply: Reply) {
  const auth = reply.cookies.find((c) => c.name === 'auth');
  if (!auth) return null;
  const me = await ctx.app.inject({
    url: '/api/v2/auth/me',
    headers: { cookie: `auth=${auth.value}` },
  });
  return (me.json() as { data: { email: string } | null }).data?.email ?? null;
}

const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v2/auth${url}` });
const mailsTo = async (email: string) =>
  (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).length;
const usersWith = async (email: string) =>
  (await ctx.db.select().from(users).where(eq(users.email, email))).length;

describe('「はい」 on the confirmation link', () => {
  it('signs the member in when pressed in the browser that registered', async () => {
    const { browser, token, reply } = await registerFromBrowser('same-browser@example.jp');
    const signup = reply.cookies.find((c) => c.name === 'signup');
    expect(signup).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
      path: '/api/v2/auth/email/verify',
      maxAge: 24 * 60 * 60,
    });
    // The cookie is no copy of the link.
    expect(signup?.value).not.toContain(token);

    const confirmed = await yes(token, browser);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: 'メールアドレスを確認しました。登録が完了し、ログインしました。',
      data: { user: { email: 'same-browser@example.jp', email_verified: true } },
    });
    expect(await signedInAs(confirmed)).toBe('same-browser@example.jp');
    // Its work done, the browser's mark is taken away.
    expect(confirmed.cookies.find((c) => c.name === 'signup')?.maxAge).toBe(0);
  });

  it('only confirms elsewhere: another browser, a mail scanner, no cookie', async () => {
    const { token } = await registerFromBrowser('other-browser@example.jp');
    const confirmed = await yes(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      message: 'メールアドレスを確認しました。ログインしてください。',
      data: { user: null },
    });
    expect(await signedInAs(confirmed)).toBeNull();
    const login = await accounts.post('/login', {
      email: 'other-browser@example.jp',
      password: 'password 12345',
    });
    expect(login.statusCode).toBe(200);
  });

  it('signs nobody in with a browser mark made for another link', async () => {
    // Someone registers an address of their own and opens its link in a victim's browser that
    // registered elsewhere: the address is confirmed, the victim is not signed in to it.
    const victim = await registerFromBrowser('victim-browser@example.jp');
    const forger = await registerFromBrowser('forger@example.jp');
    const forged = await yes(forger.token, victim.browser);
    expect(forged.statusCode).toBe(200);
    expect(forged.json().data).toEqual({ user: null });
    expect(await signedInAs(forged)).toBeNull();

    // A second registration of a pending address makes a new link: the first browser's mark
    // is for the old one, and the new link signs in only the browser that asked for it.
    const first = await registerFromBrowser('twice@example.jp');
    const second = await registerFromBrowser('twice@example.jp');
    expect((await yes(first.token, first.browser)).statusCode).toBe(400);
    const confirmed = await yes(second.token, first.browser);
    expect(confirmed.json().data).toEqual({ user: null });
  });

  it('signs in the browser that asked for the mail again', async () => {
    const { token: old } = await registerFromBrowser('resent@example.jp');
    const resent = await accounts.post('/email/resend', { email: 'resent@example.jp' });
    expect(resent.statusCode).toBe(200);
    const { token } = await accounts.lastMailTo('resent@example.jp');
    expect(token).not.toBe(old);
    const confirmed = await yes(token!, cookiesOf(resent));
    expect(await signedInAs(confirmed)).toBe('resent@example.jp');
  });
});

describe('a confirmation link opened by the address’s owner', () => {
  it('names the account without using the link, and 「はい」 confirms it', async () => {
    await registerAs('owner@example.jp', '本人');
    const { token } = await accounts.lastMailTo('owner@example.jp');
    const account = await get(`/email/verify/${token}/account`);
    expect(account.statusCode).toBe(200);
    expect(account.json().data).toEqual({ name: '本人', confirmed: false });
    // Still unused: the answer 「はい」 confirms.
    expect((await get(`/email/verify/${token}`)).statusCode).toBe(200);
    // Opened again, the link says the address is confirmed (not that the link is invalid).
    const again = await get(`/email/verify/${token}/account`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ name: '本人', confirmed: true });
  });

  // Fastify answers HEAD for every GET by running its handler: a link checker's HEAD confirmed
  // the address (docs/security.md#safe-methods).
  it('answers HEAD with what 「はい」 would answer, leaving the link unused', async () => {
    await registerAs('head@example.jp', '本人');
    const { token } = await accounts.lastMailTo('head@example.jp');
    const confirmedAt = async () =>
      (await ctx.db.select().from(users).where(eq(users.email, 'head@example.jp')))[0]
        ?.emailVerifiedAt;
    const head = (url: string) => ctx.app.inject({ method: 'HEAD', url: `/api/v2/auth${url}` });

    const before = await head(`/email/verify/${token}`);
    expect(before.statusCode).toBe(200);
    expect(before.body).toBe('');
    expect(await confirmedAt()).toBeNull();
    expect((await get(`/email/verify/${token}/account`)).json().data).toEqual({
      name: '本人',
      confirmed: false,
    });

    expect((await get(`/email/verify/${token}`)).statusCode).toBe(200);
    expect(await confirmedAt()).not.toBeNull();
    // Used now: HEAD says so, as GET would.
    expect((await head(`/email/verify/${token}`)).statusCode).toBe(400);
    expect((await head('/email/verify/unknown-token-unknown-token-1234')).statusCode).toBe(400);
  });

  it('「いいえ」 deletes the unconfirmed account and silently refuses the address for a day', async () => {
    const victim = 'victim@example.jp';
    const answer = await registerAs(victim, 'なりすまし');
    const { token } = await accounts.lastMailTo(victim);
    expect((await get(`/email/verify/${token}/account`)).json().data).toEqual({
      name: 'なりすまし',
      confirmed: false,
    });

    const declined = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/auth/email/verify/${token}/decline`,
      headers: { origin },
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().message).toBe('登録を取り消しました。お手数をおかけしました。');
    expect(await usersWith(victim)).toBe(0);
    // The link is used up either way.
    expect((await get(`/email/verify/${token}`)).statusCode).toBe(400);
    expect((await get(`/email/verify/${token}/account`)).statusCode).toBe(400);
    // The block holds a hash, not the address.
    const blocks = await ctx.db.select().from(registrationBlocks);
    expect(blocks.some((row) => row.addressHash.includes('victim'))).toBe(false);

    // Registering it again says what it always says, but makes no account and sends nothing.
    const mailsBefore = await mailsTo(victim);
    expect(await registerAs(victim, 'もう一度')).toBe(answer);
    expect(await usersWith(victim)).toBe(0);
    expect(await mailsTo(victim)).toBe(mailsBefore);

    // A day later the address is open again.
    await ctx.db.update(registrationBlocks).set({ until: new Date(Date.now() - 1000) });
    await registerAs(victim, '本人です');
    expect(await usersWith(victim)).toBe(1);
    expect(await mailsTo(victim)).toBe(mailsBefore + 1);
  });

  it('refuses a decline with a used or unknown link', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/email/verify/unknown-token-unknown-token-1234/decline',
      headers: { origin },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('無効');
  });
});
