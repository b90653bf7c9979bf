import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { createAuthClient } from '../../../test/auth-client.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createAuthClient>;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createAuthClient(ctx, origin);
});
afterAll(async () => {
  await ctx?.close();
});

function register(name: string, email: string, password: string) {
  return client.post('/register', { name, email, password, password_confirmation: password });
}

function verify(token: string | undefined) {
  return ctx.app.inject(`/api/v2/auth/email/verify/${token}`);
}

describe('registration of an address someone else registered first', () => {
  it('verifies the owner, not whoever squatted the address before them', async () => {
    const email = 'victim@example.com';
    expect((await register('なりすまし', email, 'attacker password')).statusCode).toBe(201);
    const { token: attackerLink } = await client.lastMailTo(email);

    expect((await register('本人', email, 'owner password 1')).statusCode).toBe(201);
    const { token: ownerLink, mail } = await client.lastMailTo(email);
    expect(ownerLink).not.toBe(attackerLink);
    expect(mail.textBody).toContain('本人');

    // The earlier link (sent for the squatter's credentials) no longer verifies anything.
    expect((await verify(attackerLink)).statusCode).toBe(400);
    expect((await verify(ownerLink)).statusCode).toBe(200);

    const owner = await client.post('/login', { email, password: 'owner password 1' });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.user.name).toBe('本人');
    const attacker = await client.post('/login', { email, password: 'attacker password' });
    expect(attacker.statusCode).toBe(422);
  });

  it('lets only the newest link verify, with the credentials of the registration that sent it', async () => {
    const email = 'pending@example.com';
    await register('一回目', email, 'first password');
    const { token: first } = await client.lastMailTo(email);
    await register('二回目', email, 'second password');
    const { token: second } = await client.lastMailTo(email);

    expect((await verify(first)).statusCode).toBe(400);
    expect((await verify(second)).statusCode).toBe(200);
    expect((await client.post('/login', { email, password: 'first password' })).statusCode).toBe(
      422,
    );
    const login = await client.post('/login', { email, password: 'second password' });
    expect(login.json().data.user.name).toBe('二回目');
  });

  it('changes nothing once the address is verified', async () => {
    const email = 'verified@example.com';
    await client.insertMemberAndLogIn(email, 'the real one');
    expect((await register('上書き', email, 'overwrite attempt')).statusCode).toBe(201);
    const login = await client.post('/login', { email, password: 'the real one' });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.name).toBe('駅好き');
  });

  it('tells the owner of a verified address of the attempt, and the registrant nothing more', async () => {
    const email = 'owner@example.com';
    await client.insertMemberAndLogIn(email, 'the owner');
    const answer = await register('他人', email, 'someone else');
    const fresh = await register('新しい人', 'new-person@example.com', 'a new person');
    // Same answer as for an address nobody has.
    expect(answer.statusCode).toBe(fresh.statusCode);
    expect(answer.json()).toEqual(fresh.json());
    const { mail } = await client.lastMailTo(email);
    expect(mail.subject).toBe('【えきスポ】このメールアドレスで新規登録のお申し込みがありました');
    expect(mail.textBody).toContain(`${origin}/login`);
    expect(mail.textBody).toContain(`${origin}/forgot`);
    expect(mail.textBody).not.toContain('他人');
  });
});
