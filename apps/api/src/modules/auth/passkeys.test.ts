import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createSoftAuthenticator } from '../../../test/soft-authenticator.js';
import { createTestApp, createTestDatabase } from '../../../test/test-app.js';
import type { DatabaseHandle } from '../../db/database.js';
import { mailOutbox } from '../../db/schema/index.js';

/**
 * Passkeys through real HTTP with a software authenticator (docs/accounts.md#two-step-sign-in-and-passkeys): added
 * after re-authentication, used to sign in (both steps at once) and to confirm it is you,
 * removed; a member registered with a passkey only; challenges refused after their expiry or a
 * second use; a challenge one instance made is accepted by another on the same database.
 */

const origin = 'http://localhost:3000';
const password = 'correct horse battery';
let now = new Date();
let database: DatabaseHandle;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let other: Awaited<ReturnType<typeof createTestApp>>;
let accounts: ReturnType<typeof createAuthClient>;
let clients = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const clock = { clock: () => now, database };
  ctx = await createTestApp({ PUBLIC_URL: origin }, clock);
  // A second instance on the same database: what one stores, the other reads.
  other = await createTestApp({ PUBLIC_URL: origin }, clock);
  accounts = createAuthClient(ctx, origin);
});
afterAll(async () => {
  await other?.close();
  await ctx?.close();
  await database?.close();
});

const advance = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};

function call(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token: string | null,
  payload?: object,
  app = ctx.app,
) {
  clients += 1;
  return app.inject({
    method,
    url: `/api/v2/auth${url}`,
    ...(payload && { payload }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: `10.8.${Math.floor(clients / 250)}.${clients % 250}`,
  });
}

async function lastMailTo(address: string) {
  await ctx.app.drainInFlight(10_000);
  const rows = await ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt));
  return rows.find((row) => row.toAddress === address) ?? null;
}

async function addPasskey(
  token: string,
  authenticator: ReturnType<typeof createSoftAuthenticator>,
) {
  const options = (await call('POST', '/passkeys/options', token)).json().data;
  const added = await call('POST', '/passkeys', token, {
    name: 'iPhone',
    credential: authenticator.create(options),
  });
  expect(added.statusCode).toBe(201);
  return added.json().data as { id: string; name: string };
}

describe('passkeys', () => {
  it('are added after re-authentication, sign in as both steps, and are removed', async () => {
    const { token } = await accounts.insertMemberAndLogIn('passkey@example.jp', password);
    const authenticator = createSoftAuthenticator(origin);
    const refused = await call('POST', '/passkeys/options', token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('REAUTH_REQUIRED');
    expect((await call('POST', '/reauth', token, { password })).statusCode).toBe(200);
    const added = await addPasskey(token, authenticator);
    expect(added.name).toBe('iPhone');
    const alert = await lastMailTo('passkey@example.jp');
    expect(alert?.subject).toBe('【えきスポ】パスキーが追加されました');
    expect(alert?.textBody).toContain('/secure-account/');

    const security = (await call('GET', '/security', token)).json().data;
    expect(security.passkeys).toEqual([
      expect.objectContaining({ id: added.id, name: 'iPhone', last_used_at: null }),
    ]);

    // Signing in: no address, no password; the browser names the passkey.
    const options = (await call('POST', '/passkey-login/options', null)).json().data;
    expect(options.rpId).toBe('localhost');
    expect(options.allowCredentials).toEqual([]);
    const assertion = authenticator.get(options);
    const login = await call('POST', '/passkey-login', null, { credential: assertion });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.email).toBe('passkey@example.jp');
    expect(login.cookies.find((cookie) => cookie.name === 'auth')).toBeDefined();
    // The same answer again: its challenge was used.
    const replay = await call('POST', '/passkey-login', null, { credential: assertion });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('確認の有効期限が切れました。もう一度お試しください。');

    // Confirming it is you with the passkey opens the window; removing needs it.
    advance(5 * 60 + 1);
    expect((await call('DELETE', `/passkeys/${added.id}`, token)).statusCode).toBe(403);
    const reauthOptions = (await call('POST', '/reauth/passkey/options', token)).json().data;
    const confirmed = await call('POST', '/reauth/passkey', token, {
      credential: authenticator.get(reauthOptions),
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await call('DELETE', `/passkeys/${added.id}`, token)).statusCode).toBe(200);
    expect((await lastMailTo('passkey@example.jp'))?.subject).toBe(
      '【えきスポ】パスキーが削除されました',
    );
    const gone = (await call('POST', '/passkey-login/options', null)).json().data;
    const unknown = await call('POST', '/passkey-login', null, {
      credential: authenticator.get(gone),
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('refuses a challenge after its expiry, and a credential made for another site', async () => {
    const { token } = await accounts.insertMemberAndLogIn('passkey-expiry@example.jp', password);
    const authenticator = createSoftAuthenticator(origin);
    await call('POST', '/reauth', token, { password });
    await addPasskey(token, authenticator);
    const options = (await call('POST', '/passkey-login/options', null)).json().data;
    advance(2 * 60 + 1);
    const late = await call('POST', '/passkey-login', null, {
      credential: authenticator.get(options),
    });
    expect(late.statusCode).toBe(400);

    await call('POST', '/reauth', token, { password });
    const creation = (await call('POST', '/passkeys/options', token)).json().data;
    const phishing = await call('POST', '/passkeys', token, {
      name: '偽サイト',
      credential: authenticator.create(creation, { origin: 'https://evil.example' }),
    });
    expect(phishing.statusCode).toBe(422);
    expect(phishing.json().errors).toEqual({
      credential: ['パスキーを確認できませんでした。もう一度お試しください。'],
    });
  });

  it('accepts on one instance the challenge another made', async () => {
    const { token } = await accounts.insertMemberAndLogIn('passkey-two@example.jp', password);
    const authenticator = createSoftAuthenticator(origin);
    await call('POST', '/reauth', token, { password });
    await addPasskey(token, authenticator);
    const options = (await call('POST', '/passkey-login/options', null, undefined, ctx.app)).json()
      .data;
    const login = await call(
      'POST',
      '/passkey-login',
      null,
      { credential: authenticator.get(options) },
      other.app,
    );
    expect(login.statusCode).toBe(200);
  });

  it('registers a new member with a passkey only, confirmed by mail', async () => {
    const authenticator = createSoftAuthenticator(origin);
    const options = await call('POST', '/passkey-signup/options', null, {
      name: 'パスキー派',
      email: 'passkey-only@example.jp',
    });
    expect(options.statusCode).toBe(200);
    const signup = await call('POST', '/passkey-signup', null, {
      credential: authenticator.create(options.json().data),
    });
    expect(signup.statusCode).toBe(201);
    // Not before the address is confirmed.
    const early = (await call('POST', '/passkey-login/options', null)).json().data;
    const refused = await call('POST', '/passkey-login', null, {
      credential: authenticator.get(early),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('EMAIL_NOT_VERIFIED');

    const mail = await lastMailTo('passkey-only@example.jp');
    const link = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '')?.[1];
    expect((await ctx.app.inject(`/api/v2/auth/email/verify/${link}`)).statusCode).toBe(200);
    const ready = (await call('POST', '/passkey-login/options', null)).json().data;
    const login = await call('POST', '/passkey-login', null, {
      credential: authenticator.get(ready),
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.name).toBe('パスキー派');
    const memberToken = login.json().data.token as string;
    // No password matches an account without one, not even an empty one.
    const byPassword = await accounts.post('/login', {
      email: 'passkey-only@example.jp',
      password: 'anything at all',
    });
    expect(byPassword.statusCode).toBe(422);
    const security = (await call('GET', '/security', memberToken)).json().data;
    expect(security.has_password).toBe(false);
    // Its only passkey stays: removing it would lock the member out.
    await call('POST', '/reauth/passkey', memberToken, {
      credential: authenticator.get(
        (await call('POST', '/reauth/passkey/options', memberToken)).json().data,
      ),
    });
    const last = await call('DELETE', `/passkeys/${security.passkeys[0].id}`, memberToken);
    expect(last.statusCode).toBe(409);
  });
});
