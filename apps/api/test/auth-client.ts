import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailSchema } from '@ekispot/shared';
import type { Database } from '../src/db/database.js';
import { mailOutbox } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { buildUser } from './factories.js';

/** One hash per password per process: seeding a member costs no argon2 run of its own. */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** Account calls through real HTTP (inject) for tests, each from its own client address. */
export function createAuthClient(ctx: { app: FastifyInstance; db: Database }, origin: string) {
  let clients = 0;

  /** Each call comes from its own address unless told, so per-IP limits only bite where tested. */
  function post(
    url: string,
    payload: object,
    headers: Record<string, string> = {},
    remoteAddress?: string,
  ) {
    clients += 1;
    return ctx.app.inject({
      method: 'POST',
      url: `/api/v2/auth${url}`,
      payload,
      headers: { origin, ...headers },
      remoteAddress: remoteAddress ?? `10.0.${Math.floor(clients / 250)}.${clients % 250}`,
    });
  }

  /** The newest queued mail to an address, and the token of the link in it. */
  async function lastMailTo(address: string) {
    // Registration and mail requests do their work after answering.
    await ctx.app.drainInFlight(10_000);
    const rows = await ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt));
    const mail = rows.find((row) => row.toAddress === address);
    if (!mail) throw new Error(`no mail to ${address}`);
    const token = /\/(?:verify-email|reset-password|verify-new-email)\/([A-Za-z0-9_-]+)/.exec(
      mail.textBody,
    )?.[1];
    return { mail, token };
  }

  /**
   * Inserts a confirmed member's row (test/factories.ts `buildUser`) and logs in over HTTP: no
   * registration, no mail, no confirmation link (those have tests of their own:
   * auth.routes.test.ts, auth.mail.test.ts, registration.test.ts, confirmation-link.test.ts).
   */
  async function insertMemberAndLogIn(
    email: string,
    password = 'correct horse battery',
    name = '駅好き',
  ) {
    await buildUser(ctx.db, {
      name,
      email: emailSchema.parse(email),
      passwordHash: await hashOnce(password),
      emailVerifiedAt: new Date(),
    });
    const login = await post('/login', { email, password });
    if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode}`);
    return { cookie: cookieOf(login), token: login.json().data.token as string };
  }

  /** The whole flow a person goes through: register, open the mailed link, log in. */
  async function registerByMail(email: string, password = 'correct horse battery') {
    await post('/register', { name: '駅好き', email, password, password_confirmation: password });
    const { token } = await lastMailTo(email);
    await ctx.app.inject(`/api/v2/auth/email/verify/${token}`);
    const login = await post('/login', { email, password });
    return { cookie: cookieOf(login), token: login.json().data.token as string };
  }

  /**
   * `count` confirmed members signed in over HTTP, `${prefix}${i}@example.jp`, each with the
   * bearer token and id the tests act with.
   */
  async function members(prefix: string, count: number) {
    const made: { token: string; id: string; email: string }[] = [];
    for (let i = 0; i < count; i += 1) {
      const email = `${prefix}${i}@example.jp`;
      const { token } = await insertMemberAndLogIn(email);
      const me = await ctx.app.inject({
        url: '/api/v2/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      made.push({ token, id: me.json().data.id as string, email });
    }
    return made;
  }

  return { post, lastMailTo, insertMemberAndLogIn, registerByMail, members };
}

export function cookieOf(response: { cookies: { name: string; value: string }[] }) {
  const cookie = response.cookies.find((c) => c.name === 'auth');
  return cookie ? `auth=${cookie.value}` : '';
}
