import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { mailOutbox, registrationBlocks, users } from '../../db/schema/index.js';

/**
 * An unexpected confirmation mail (verification.service.ts): the link's page names the
 * account and asks; 「いいえ」 deletes it and closes the address to registration for a day.
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

async function register(email: string, name: string) {
  const response = await accounts.post('/register', {
    name,
    email,
    password: 'attacker password 1',
    password_confirmation: 'attacker password 1',
  });
  expect(response.statusCode).toBe(201);
  await ctx.app.drainInFlight(10_000);
  return response.json().message as string;
}

const get = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/v2/auth${url}` });
const mailsTo = async (email: string) =>
  (await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).length;
const usersWith = async (email: string) =>
  (await ctx.db.select().from(users).where(eq(users.email, email))).length;

describe('a confirmation link opened by the address’s owner', () => {
  it('names the account without using the link, and 「はい」 confirms it', async () => {
    await register('owner@example.jp', '本人');
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
    await register('head@example.jp', '本人');
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
    const answer = await register(victim, 'なりすまし');
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
    expect(await register(victim, 'もう一度')).toBe(answer);
    expect(await usersWith(victim)).toBe(0);
    expect(await mailsTo(victim)).toBe(mailsBefore);

    // A day later the address is open again.
    await ctx.db.update(registrationBlocks).set({ until: new Date(Date.now() - 1000) });
    await register(victim, '本人です');
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
