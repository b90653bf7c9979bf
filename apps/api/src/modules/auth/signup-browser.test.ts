import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createTestApp } from '../../../test/test-app.js';

/**
 * 「はい」 signs in only the browser that asked for the link (signup-browser.ts,
 * docs/accounts.md#signing-in-from-the-link).
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

/** The cookies a browser would keep from an answer, as one `cookie` header. */
const cookiesOf = (reply: Reply) => reply.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

async function register(email: string, password = 'password 12345') {
  const reply = await accounts.post('/register', {
    name: '駅好き',
    email,
    password,
    password_confirmation: password,
  });
  expect(reply.statusCode).toBe(201);
  const { token } = await accounts.lastMailTo(email);
  return { browser: cookiesOf(reply), token: token!, reply };
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

describe('「はい」 on the confirmation link', () => {
  it('signs the member in when pressed in the browser that registered', async () => {
    const { browser, token, reply } = await register('same-browser@example.jp');
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
    const { token } = await register('other-browser@example.jp');
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
    const victim = await register('victim-browser@example.jp');
    const forger = await register('forger@example.jp');
    const forged = await yes(forger.token, victim.browser);
    expect(forged.statusCode).toBe(200);
    expect(forged.json().data).toEqual({ user: null });
    expect(await signedInAs(forged)).toBeNull();

    // A second registration of a pending address makes a new link: the first browser's mark
    // is for the old one, and the new link signs in only the browser that asked for it.
    const first = await register('twice@example.jp');
    const second = await register('twice@example.jp');
    expect((await yes(first.token, first.browser)).statusCode).toBe(400);
    const confirmed = await yes(second.token, first.browser);
    expect(confirmed.json().data).toEqual({ user: null });
  });

  it('signs in the browser that asked for the mail again', async () => {
    const { token: old } = await register('resent@example.jp');
    const resent = await accounts.post('/email/resend', { email: 'resent@example.jp' });
    expect(resent.statusCode).toBe(200);
    const { token } = await accounts.lastMailTo('resent@example.jp');
    expect(token).not.toBe(old);
    const confirmed = await yes(token!, cookiesOf(resent));
    expect(await signedInAs(confirmed)).toBe('resent@example.jp');
  });
});
