import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createTestApp } from '../../../test/test-app.js';

/**
 * Two-step sign-in with an authenticator app (docs/accounts.md#two-step-sign-in-and-passkeys),
 * with the app's clock in the test's hands: a code is accepted once and refused on replay, five
 * wrong codes lock the second step for a while, a recovery code works once, and every change
 * needs the re-authentication window (5 minutes).
 */

const origin = 'http://localhost:3000';
const password = 'correct horse battery';
let now = new Date('2026-03-01T03:00:00Z');
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let accounts: ReturnType<typeof createAuthClient>;
let clients = 0;

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin }, { clock: () => now });
  accounts = createAuthClient(ctx, origin);
});
afterAll(async () => {
  await ctx?.close();
});

const advance = (seconds: number) => {
  now = new Date(now.getTime() + seconds * 1000);
};
const codeAt = (secret: string, at = now) =>
  generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

function call(url: string, token: string | null, payload?: object) {
  clients += 1;
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v2/auth${url}`,
    ...(payload && { payload }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    remoteAddress: `10.9.${Math.floor(clients / 250)}.${clients % 250}`,
  });
}

/** A member with the second step on: their session token, the app's secret, recovery codes. */
async function memberWithTotp(email: string) {
  const { token } = await accounts.insertMemberAndLogIn(email, password);
  expect((await call('/totp/setup', token)).json().code).toBe('REAUTH_REQUIRED');
  expect((await call('/reauth', token, { password })).statusCode).toBe(200);
  const setup = await call('/totp/setup', token);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_url: url, qr_code: qr } = setup.json().data;
  expect(url).toContain(`secret=${secret}`);
  expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
  const enabled = await call('/totp/enable', token, { code: await codeAt(secret) });
  expect(enabled.statusCode).toBe(200);
  const codes = enabled.json().data.recovery_codes as string[];
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  return { token, secret: secret as string, codes };
}

async function passwordStep(email: string) {
  const login = await accounts.post('/login', { email, password });
  expect(login.statusCode).toBe(200);
  const data = login.json().data;
  expect(data.token).toBeUndefined();
  expect(login.cookies.find((cookie) => cookie.name === 'auth')).toBeUndefined();
  return data.second_step.token as string;
}

describe('two-step sign-in', () => {
  it('accepts a code once and refuses it on replay', async () => {
    const { secret } = await memberWithTotp('totp-once@example.jp');
    // The code that confirmed the setup cannot sign in: it was used.
    const first = await passwordStep('totp-once@example.jp');
    const replayed = await call('/login/second-step', null, {
      token: first,
      code: await codeAt(secret),
    });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().errors).toEqual({ code: ['確認コードが正しくありません。'] });

    advance(30);
    const code = await codeAt(secret);
    const signedIn = await call('/login/second-step', null, { token: first, code });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.user.email).toBe('totp-once@example.jp');
    // The same code again, even with a fresh password step, is refused.
    const again = await passwordStep('totp-once@example.jp');
    expect((await call('/login/second-step', null, { token: again, code })).statusCode).toBe(422);
    // And the pending login that succeeded is gone.
    advance(30);
    const used = await call('/login/second-step', null, {
      token: first,
      code: await codeAt(secret),
    });
    expect(used.statusCode).toBe(400);
  });

  it('locks the second step after five wrong codes, for a while', async () => {
    const { secret } = await memberWithTotp('totp-lock@example.jp');
    const pending = await passwordStep('totp-lock@example.jp');
    advance(30);
    const right = await codeAt(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const refused = await call('/login/second-step', null, { token: pending, code: wrong });
      expect(refused.statusCode).toBe(422);
    }
    const locked = await call('/login/second-step', null, { token: pending, code: right });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toContain('一時的にロック');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    advance(15 * 60 + 1);
    const later = await passwordStep('totp-lock@example.jp');
    const code = await codeAt(secret);
    expect((await call('/login/second-step', null, { token: later, code })).statusCode).toBe(200);
  });

  it('takes a recovery code once, in any case and with or without its hyphen', async () => {
    const { codes } = await memberWithTotp('totp-recovery@example.jp');
    const pending = await passwordStep('totp-recovery@example.jp');
    const typed = codes[0]!.toUpperCase().replace('-', ' ');
    const ok = await call('/login/second-step', null, { token: pending, recovery_code: typed });
    expect(ok.statusCode).toBe(200);
    const again = await passwordStep('totp-recovery@example.jp');
    const reused = await call('/login/second-step', null, {
      token: again,
      recovery_code: codes[0],
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({
      recovery_code: ['リカバリーコードが正しくないか、すでに使われています。'],
    });
  });

  it('asks for the password again after 5 minutes, not once per change', async () => {
    const { token, codes } = await memberWithTotp('totp-window@example.jp');
    // Within the window: regenerate the codes without the password.
    const fresh = await call('/recovery-codes', token);
    expect(fresh.statusCode).toBe(200);
    const renewed = fresh.json().data.recovery_codes as string[];
    expect(renewed).not.toContain(codes[1]);
    // The old codes stopped working.
    const pending = await passwordStep('totp-window@example.jp');
    expect(
      (await call('/login/second-step', null, { token: pending, recovery_code: codes[1] }))
        .statusCode,
    ).toBe(422);
    advance(5 * 60 + 1);
    const closed = await call('/totp/disable', token);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().code).toBe('REAUTH_REQUIRED');
    const wrong = await call('/reauth', token, { password: 'not the password' });
    expect(wrong.statusCode).toBe(422);
    expect((await call('/reauth', token, { password })).statusCode).toBe(200);
    expect((await call('/totp/disable', token)).statusCode).toBe(200);
    // Off: the password alone signs in again.
    const login = await accounts.post('/login', { email: 'totp-window@example.jp', password });
    expect(login.json().data.token).toEqual(expect.any(String));
  });
});
