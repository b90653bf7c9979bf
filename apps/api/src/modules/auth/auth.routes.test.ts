import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { cookieOf, createAuthClient } from '../../../test/auth-client.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const origin = 'http://localhost:3000';

let post: ReturnType<typeof createAuthClient>['post'];
let lastMailTo: ReturnType<typeof createAuthClient>['lastMailTo'];
let insertMemberAndLogIn: ReturnType<typeof createAuthClient>['insertMemberAndLogIn'];
let registerByMail: ReturnType<typeof createAuthClient>['registerByMail'];

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  ({ post, lastMailTo, insertMemberAndLogIn, registerByMail } = createAuthClient(ctx, origin));
});
afterAll(async () => {
  await ctx?.close();
});

/** Who `GET /auth/me` says is signed in: a user, or null (always with 200). */
async function signedInAs(cookie: string) {
  const response = await ctx.app.inject({ url: '/api/v2/auth/me', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { email: string } | null }).data;
}

describe('register, verify, log in', () => {
  it('registers, refuses login until the mailed link is opened, then logs in with a cookie', async () => {
    const email = 'hanako@example.jp';
    const register = await post('/register', {
      name: '花子',
      email: 'Hanako@Example.jp',
      password: 'password123',
      password_confirmation: 'password123',
    });
    expect(register.statusCode).toBe(201);
    expect(register.json().message).toContain('確認メール');
    // The account is created just after the answer (its timing reveals nothing).
    await ctx.app.drainInFlight(10_000);

    const refused = await post('/login', { email, password: 'password123' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('EMAIL_NOT_VERIFIED');
    expect(refused.json().message).toContain('メールアドレスの確認');

    const { mail, token } = await lastMailTo(email);
    expect(mail.category).toBe('essential');
    expect(token).toBeDefined();
    const verified = await ctx.app.inject(`/api/v2/auth/email/verify/${token}`);
    expect(verified.statusCode).toBe(200);
    const again = await ctx.app.inject(`/api/v2/auth/email/verify/${token}`);
    expect(again.statusCode).toBe(400);

    const login = await post('/login', { email, password: 'password123' });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.data.user).toMatchObject({ name: '花子', email, email_verified: true });
    const cookie = login.cookies.find((c) => c.name === 'auth');
    expect(cookie).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 5184000,
    });

    const me = await ctx.app.inject({
      url: '/api/v2/auth/me',
      headers: { cookie: cookieOf(login) },
    });
    expect(me.json().data.email).toBe(email);
    const bearer = await ctx.app.inject({
      url: '/api/v2/auth/me',
      headers: { authorization: `Bearer ${body.data.token}` },
    });
    expect(bearer.json().data.name).toBe('花子');
  });

  it('answers a duplicate registration exactly like a new one, creating nothing', async () => {
    await insertMemberAndLogIn('taken@example.jp');
    const duplicate = await post('/register', {
      name: '別人',
      email: 'taken@example.jp',
      password: 'another password',
      password_confirmation: 'another password',
    });
    expect(duplicate.statusCode).toBe(201);
    const login = await post('/login', { email: 'taken@example.jp', password: 'another password' });
    expect(login.statusCode).toBe(422);
  });

  it('gives field errors in Japanese', async () => {
    const response = await post('/register', {
      name: '',
      email: 'nope',
      password: 'short',
      password_confirmation: 'x',
    });
    expect(response.statusCode).toBe(422);
    const { errors } = response.json();
    expect(errors.name).toEqual(['ニックネームを入力してください。']);
    expect(errors.email).toEqual(['正しいメールアドレスを入力してください。']);
    expect(errors.password).toEqual(['パスワードは8文字以上で入力してください。']);
    expect(errors.password_confirmation).toEqual(['パスワードと確認用パスワードが一致しません。']);
  });

  it('asks for a missing confirmation instead of calling it different', async () => {
    const response = await post('/register', {
      name: '駅好き',
      email: 'confirm@example.jp',
      password: 'password123',
      password_confirmation: '',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      password_confirmation: ['確認用パスワードを入力してください。'],
    });
  });

  it('rejects a wrong password without saying which part was wrong', async () => {
    await insertMemberAndLogIn('wrong@example.jp');
    const wrong = await post('/login', { email: 'wrong@example.jp', password: 'not the password' });
    const unknown = await post('/login', {
      email: 'nobody@example.jp',
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.json().message).toBe(wrong.json().message);
    // Said of the form, not of the address: no field is marked.
    for (const answer of [wrong.json(), unknown.json()]) {
      expect(answer).toMatchObject({
        success: false,
        message: 'メールアドレスまたはパスワードが正しくありません。',
        errors: null,
      });
    }
  });
});

describe('sessions', () => {
  it('answers a visitor 200 with no user, and clears a cookie that names no session', async () => {
    const visitor = await ctx.app.inject({ url: '/api/v2/auth/me' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({ success: true, data: null });
    expect(visitor.cookies.find((c) => c.name === 'auth')).toBeUndefined();

    const stale = await ctx.app.inject({
      url: '/api/v2/auth/me',
      headers: { cookie: 'auth=invalid-token-value-xxxxxxxx' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data).toBeNull();
    expect(stale.cookies.find((c) => c.name === 'auth')?.value).toBe('');

    // The contract says so too: data may be null, and there is no 401 to expect.
    const spec = (await ctx.app.inject('/api/v2/openapi.json')).json();
    const me = spec.paths['/api/v2/auth/me'].get.responses;
    expect(Object.keys(me)).toEqual(['200']);
    expect(JSON.stringify(me['200'].content['application/json'].schema)).toContain('"null"');
  });

  it('answers 401 and clears the cookie on a call that needs a session', async () => {
    const response = await post('/logout', {}, { cookie: 'auth=invalid-token-value-xxxxxxxx' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('ログインが必要です。');
    expect(response.cookies.find((c) => c.name === 'auth')?.value).toBe('');
  });

  it('refuses a cookie-authenticated write from another origin', async () => {
    const { cookie } = await insertMemberAndLogIn('csrf@example.jp');
    const response = await post('/logout', {}, { cookie, origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
  });

  it('compares the scheme and port too: https:// or another port is not PUBLIC_URL', async () => {
    const { cookie } = await insertMemberAndLogIn('csrf-scheme@example.jp');
    for (const headers of [
      { origin: 'https://localhost:3000' } as Record<string, string>,
      { origin: 'http://localhost:3001' },
      // The request's own host, under another scheme than it came in with.
      { origin: 'https://app.example', host: 'app.example' },
    ]) {
      const response = await post('/logout', {}, { cookie, ...headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
    }
    // What passes: PUBLIC_URL exactly (and, outside production, the request's own origin).
    const own = await post(
      '/logout',
      {},
      { cookie, origin: 'http://app.example', host: 'app.example' },
    );
    expect(own.statusCode).toBe(200);
  });

  it('logs out by revoking the token', async () => {
    const { cookie } = await insertMemberAndLogIn('logout@example.jp');
    expect((await post('/logout', {}, { cookie })).statusCode).toBe(200);
    expect(await signedInAs(cookie)).toBeNull();
    expect((await post('/logout', {}, { cookie })).statusCode).toBe(401);
  });
});

describe('passwords', () => {
  it('changes the password and signs out the other sessions only', async () => {
    const first = await insertMemberAndLogIn('change@example.jp');
    const second = await post('/login', {
      email: 'change@example.jp',
      password: 'correct horse battery',
    });
    const wrong = await post(
      '/password/change',
      {
        current_password: 'nope',
        password: 'new password 1',
        password_confirmation: 'new password 1',
      },
      { cookie: first.cookie },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['現在のパスワードが正しくありません。']);
    const changed = await post(
      '/password/change',
      {
        current_password: 'correct horse battery',
        password: 'new password 1',
        password_confirmation: 'new password 1',
      },
      { cookie: first.cookie },
    );
    expect(changed.statusCode).toBe(200);
    expect(await signedInAs(first.cookie)).not.toBeNull();
    expect(await signedInAs(cookieOf(second))).toBeNull();
    const notice = await lastMailTo('change@example.jp');
    expect(notice.mail.subject).toBe('【えきスポ】パスワードが変更されました');
  });

  it('resets a forgotten password with a single-use link, signing out every session', async () => {
    const session = await insertMemberAndLogIn('forgot@example.jp');
    const unknown = await post('/password/reset/request', { email: 'ghost@example.jp' });
    const known = await post('/password/reset/request', { email: 'forgot@example.jp' });
    expect(unknown.json()).toEqual(known.json());
    const { token } = await lastMailTo('forgot@example.jp');
    const reset = await post('/password/reset', {
      token,
      password: 'brand new pass',
      password_confirmation: 'brand new pass',
    });
    expect(reset.statusCode).toBe(200);
    const reuse = await post('/password/reset', {
      token,
      password: 'other new pass',
      password_confirmation: 'other new pass',
    });
    expect(reuse.statusCode).toBe(400);
    expect(await signedInAs(session.cookie)).toBeNull();
    const notice = await lastMailTo('forgot@example.jp');
    expect(notice.mail.subject).toBe('【えきスポ】パスワードが変更されました');
    expect(notice.mail.textBody).toContain('パスワードが変更されました');
    expect(
      (await post('/login', { email: 'forgot@example.jp', password: 'brand new pass' })).statusCode,
    ).toBe(200);
  });
});

describe('e-mail change and leaving', () => {
  it('changes the address only through the link sent to the new one', async () => {
    const { cookie } = await insertMemberAndLogIn('old@example.jp');
    const request = await post(
      '/email/change/request',
      { email: 'new@example.jp', password: 'correct horse battery' },
      { cookie },
    );
    expect(request.statusCode).toBe(200);
    const notice = await lastMailTo('old@example.jp');
    expect(notice.mail.textBody).toContain('new@example.jp');
    const me = await ctx.app.inject({ url: '/api/v2/auth/me', headers: { cookie } });
    expect(me.json().data.email).toBe('old@example.jp');
    const { token } = await lastMailTo('new@example.jp');
    const verify = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/auth/email/change/verify/${token}`,
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data.email).toBe('new@example.jp');
  });

  it('deletes the account with the password, and the address can register again', async () => {
    const { cookie } = await insertMemberAndLogIn('leave@example.jp');
    const wrong = await post('/delete', { password: 'nope' }, { cookie });
    expect(wrong.statusCode).toBe(422);
    const left = await post('/delete', { password: 'correct horse battery' }, { cookie });
    expect(left.statusCode).toBe(200);
    expect(await signedInAs(cookie)).toBeNull();
    const again = await registerByMail('leave@example.jp');
    expect(again.cookie).not.toBe('');
  });
});

describe('rate limits', () => {
  it('refuses a client that keeps failing on one account, with Retry-After and a Japanese message', async () => {
    let last;
    for (let i = 0; i < 11; i += 1) {
      last = await post(
        '/login',
        { email: 'target@example.jp', password: `guess ${i}` },
        {},
        '192.0.2.7',
      );
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.headers['retry-after']).toBeDefined();
    expect(last?.json().message).toContain('しばらく待って');
    const other = await post(
      '/login',
      { email: 'someone-else@example.jp', password: 'guess' },
      {},
      '192.0.2.7',
    );
    expect(other.statusCode).toBe(422);
  });

  it('limits login attempts per IP over many accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const response = await post(
        '/login',
        { email: `account${i}@example.jp`, password: 'guess' },
        {},
        '203.0.113.5',
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 422)).toBe(true);
    expect(statuses[30]).toBe(429);
    const refused = await post(
      '/login',
      { email: 'account31@example.jp', password: 'guess' },
      {},
      '203.0.113.5',
    );
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ success: false, data: null });
    expect(refused.json().message).toContain('しばらく待って');
    const elsewhere = await post(
      '/login',
      { email: 'account0@example.jp', password: 'guess' },
      {},
      '203.0.113.6',
    );
    expect(elsewhere.statusCode).toBe(422);
  });

  it('limits registrations per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const password = 'password123';
      const response = await post(
        '/register',
        { name: 'x', email: `flood${i}@example.jp`, password, password_confirmation: password },
        {},
        '192.0.2.9',
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
