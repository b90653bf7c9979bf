import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createTestApp } from '../../../test/test-app.js';

/**
 * No password, authenticator secret, code or recovery code appears in any log line, in any
 * answer but the one that shows it to its owner, or in any error
 * (docs/accounts.md#two-step-sign-in-and-passkeys). The log is read at its most talkative level.
 */

const origin = 'http://localhost:3000';
const lines: string[] = [];
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let accounts: ReturnType<typeof createAuthClient>;

beforeAll(async () => {
  ctx = await createTestApp(
    { PUBLIC_URL: origin, LOG_LEVEL: 'trace' },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
  accounts = createAuthClient(ctx, origin);
});
afterAll(async () => {
  await ctx?.close();
});

describe('account secrets', () => {
  it('stay out of the log, of the answers that do not show them, and of errors', async () => {
    const password = 'a password nobody logs';
    const wrongPassword = 'a wrong one, not logged either';
    const { token } = await accounts.insertMemberAndLogIn('secrets@example.jp', password);
    const bodies: { what: string; body: string }[] = [];
    const call = async (url: string, payload?: object, bearer: string | null = token) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/v2/auth${url}`,
        ...(payload && { payload }),
        headers: { origin, ...(bearer && { authorization: `Bearer ${bearer}` }) },
      });
      bodies.push({ what: url, body: response.body });
      return response;
    };

    expect((await call('/reauth', { password: wrongPassword })).statusCode).toBe(422);
    expect((await call('/reauth', { password })).statusCode).toBe(200);
    const setup = await call('/totp/setup');
    const secret = setup.json().data.secret as string;
    const code = await generate({ secret });
    const wrongCode = code === '123456' ? '654321' : '123456';
    expect((await call('/totp/enable', { code: wrongCode })).statusCode).toBe(422);
    const enabled = await call('/totp/enable', { code });
    const recovery = enabled.json().data.recovery_codes as string[];

    const pending = (
      await accounts.post('/login', { email: 'secrets@example.jp', password })
    ).json().data.second_step.token as string;
    expect(
      (await call('/login/second-step', { token: pending, code: wrongCode }, null)).statusCode,
    ).toBe(422);
    expect(
      (await call('/login/second-step', { token: pending, code: 'abc 12x' }, null)).statusCode,
    ).toBe(422);
    expect(
      (await call('/login/second-step', { token: pending, recovery_code: 'zzzzz-zzzzz' }, null))
        .statusCode,
    ).toBe(422);
    const signedIn = await call(
      '/login/second-step',
      { token: pending, recovery_code: recovery[0] },
      null,
    );
    expect(signedIn.statusCode).toBe(200);
    await call('/password/change', {
      current_password: wrongPassword,
      password: 'the next password',
      password_confirmation: 'the next password',
    });
    await ctx.app.inject({
      url: '/api/v2/auth/security',
      headers: { authorization: `Bearer ${token}` },
    });

    // A six-digit code is looked for as a JSON string: its digits alone turn up in timestamps.
    const secrets = [password, wrongPassword, secret, `"${code}"`, `"${wrongCode}"`, ...recovery];
    const recoveryBare = recovery.map((entry) => entry.replace('-', ''));
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const value of [...secrets, ...recoveryBare]) expect(log).not.toContain(value);
    for (const { what, body } of bodies) {
      const shown =
        what === '/totp/setup'
          ? [secret]
          : what === '/totp/enable' && body.includes('recovery_codes')
            ? recovery
            : [];
      for (const value of secrets.filter((entry) => !shown.includes(entry)))
        expect(body, what).not.toContain(value);
    }
  });
});
