import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from '../src/db/database.js';
import { solidPng } from './fixtures/images/image-fixtures.js';
import { withDatabase } from './global-setup.js';
import { ensureSharedBuilt, startInstance, waitHealthy, type Instance } from './instance.js';
import { multipartPayload } from './multipart.js';
import { NEAR_TOKYO_STATION } from './post-client.js';
import { connectTestRedis, dropTestKeys, testRedisPrefix, testRedisUrl } from './redis.js';
import { startRoundRobinProxy } from './round-robin-proxy.js';
import { startS3Server } from './s3-server.js';
import { openSse } from './sse-client.js';
import { decryptPush, newBrowserKeys, startTestPushService } from './push-service.js';
import { createScratchPostgres, queryOnce } from './test-app.js';
import { startTestSmtpServer } from './smtp-test-server.js';

/**
 * Two app processes on one PostgreSQL, one Redis and one S3-compatible store, behind a
 * round-robin proxy: they act as one (docs/deploy.md). Runs once, with the PostgreSQL driver
 * (TEST_DATABASE_URL), on a database made empty for it, so both processes start together on
 * it and meet the one-time work (migrations, station import) at the same moment. They import
 * the five transfer groups of `fixtures/transfer-groups/` (STATION_IMPORT_DIR) rather than the
 * bundled ~9,000 stations: the import is the same code, and the whole data's import has its
 * own tests (station-import.test.ts, the templates every other test file starts from).
 */
const smallStationData = path.resolve(import.meta.dirname, 'fixtures/transfer-groups');
const adminUrl = inject('testDatabaseUrl');
const enabled = inject('testDriver') === 'postgres' && adminUrl !== null;
const redis = enabled ? await connectTestRedis() : null;
const run = enabled && redis !== null;

const databaseName = `ekispot_two_${randomUUID().replaceAll('-', '')}`;
const redisPrefix = testRedisPrefix();
let databaseUrl: string;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
let one: Instance;
let two: Instance;
let instanceEnv: Record<string, string>;

const query = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  queryOnce<T>(databaseUrl, text, values);

beforeAll(async () => {
  if (!run) return;
  await ensureSharedBuilt();
  const admin = new pg.Client({ connectionString: adminUrl! });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  databaseUrl = withDatabase(adminUrl!, databaseName);
  s3 = await startS3Server('ekispot-two');
  smtp = await startTestSmtpServer();
  proxy = await startRoundRobinProxy();
  instanceEnv = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: testRedisUrl,
    REDIS_KEY_PREFIX: redisPrefix,
    S3_URL: s3.url('images'),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PUBLIC_URL: proxy.url,
    // One proxy in front, which appends the address it sees (as nginx's
    // $proxy_add_x_forwarded_for does): what the client writes itself is not believed.
    TRUST_PROXY: '1',
    // Both workers drain the outbox often, so the once-only test sees them race.
    MAIL_POLL_INTERVAL_MS: '200',
    STATION_IMPORT_DIR: smallStationData,
  };
  // Both at once on the empty database.
  [one, two] = await Promise.all([
    startInstance('one', instanceEnv),
    startInstance('two', instanceEnv),
  ]);
  await Promise.all([waitHealthy(one, 240_000), waitHealthy(two, 240_000)]);
  proxy.setBackends([one.url, two.url]);
}, 300_000);

/** Instances a test starts for itself: stopped here too, should the test fail half-way. */
const extraInstances: Instance[] = [];

afterAll(async () => {
  if (!run) return;
  await Promise.all([one?.stop(), two?.stop(), ...extraInstances.map((extra) => extra.stop())]);
  await proxy?.close();
  await smtp?.close();
  await s3?.close();
  await dropTestKeys(redis!, redisPrefix);
  redis!.disconnect();
  const admin = new pg.Client({ connectionString: adminUrl! });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
}, 60_000);

function call(
  base: string,
  method: string,
  url: string,
  options: { token?: string; json?: object; headers?: Record<string, string> } = {},
) {
  return fetch(`${base}/api/v2${url}`, {
    method,
    headers: {
      origin: proxy.url,
      ...(options.json && { 'content-type': 'application/json' }),
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
    ...(options.json && { body: JSON.stringify(options.json) }),
  });
}

/** A POST from a given local address (another client of the proxy); its status. */
function postFrom(
  localAddress: string,
  url: string,
  options: { headers: Record<string, string>; json: object },
): Promise<number> {
  const body = JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: {
          ...options.headers,
          origin: proxy.url,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const password = 'correct horse battery';

async function register(base: string, email: string) {
  const response = await call(base, 'POST', '/auth/register', {
    json: { name: '駅好き', email, password, password_confirmation: password },
  });
  expect(response.status).toBe(201);
}

/** The mails the SMTP server received for an address, waiting up to `ms` for the first. */
/** Polls `read` until `done` holds, for at most `ms`; returns the last reading either way. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function mailsTo(address: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = smtp.received.filter((mail) => mail.rcptTo.includes(address));
    if (found.length || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A confirmed member, registered through `base`; returns a session token made there. */
async function member(base: string, email: string): Promise<string> {
  await register(base, email);
  const [mail] = await mailsTo(email);
  const token = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
  expect((await call(base, 'GET', `/auth/email/verify/${token}`)).status).toBe(200);
  const login = await call(base, 'POST', '/auth/login', { json: { email, password } });
  expect(login.status).toBe(200);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

describe.skipIf(!run)('two instances as one', () => {
  it('ran the migrations and the station import once when both started together', async () => {
    const imported = [one, two].filter((instance) =>
      instance.logs.some((line) => line.msg === 'station data imported'),
    );
    const skipped = [one, two].filter((instance) =>
      instance.logs.some((line) => line.msg === 'station data already loaded'),
    );
    expect(imported).toHaveLength(1);
    expect(skipped).toHaveLength(1);
    // What was imported is the configured download (STATION_IMPORT_DIR), recorded with its date.
    const [recorded] = await query<{ version: string; group_count: number }>(
      `select version, group_count from station_data_imports where source = 'ekidata'`,
    );
    expect(recorded?.version).toMatch(/^2021-03-12\/r\d+$/);
    const [groups] = await query<{ n: number }>('select count(*)::int as n from station_groups');
    expect(groups!.n).toBe(recorded!.group_count);
    expect(groups!.n).toBeGreaterThan(0);
    expect(groups!.n).toBeLessThan(100);
    const journal = JSON.parse(
      await fs.readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const [applied] = await query<{ all: string; distinct: string }>(
      'select count(*) as all, count(distinct hash) as distinct from drizzle.__drizzle_migrations',
    );
    expect(Number(applied!.all)).toBe(journal.entries.length);
    expect(Number(applied!.distinct)).toBe(journal.entries.length);
  });

  it('serves on 2 a session made on 1 and a photo uploaded through 1, and ends it on 2 after logout on 1', async () => {
    const email = `two-${randomUUID().slice(0, 8)}@example.jp`;
    await register(one.url, email);
    const [mail] = await mailsTo(email);
    const token = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    expect((await call(two.url, 'GET', `/auth/email/verify/${token}`)).status).toBe(200);

    const login = await call(one.url, 'POST', '/auth/login', { json: { email, password } });
    expect(login.status).toBe(200);
    const session = ((await login.json()) as { data: { token: string } }).data.token;
    const me = await call(two.url, 'GET', '/auth/me', { token: session });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { email: string } | null }).data?.email).toBe(email);

    const { payload, headers } = await multipartPayload({
      avatar: { bytes: await solidPng(300, 300), filename: 'me.png', type: 'image/png' },
    });
    const updated = await fetch(`${one.url}/api/v2/auth/update`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${session}` },
      body: new Uint8Array(payload),
    });
    expect(updated.status).toBe(200);
    const avatar = ((await updated.json()) as { data: { avatar: string } }).data.avatar;
    const fromOne = await fetch(`${one.url}/api/v2/image/${avatar}`);
    const fromTwo = await fetch(`${two.url}/api/v2/image/${avatar}`);
    expect(fromTwo.status).toBe(200);
    expect(fromTwo.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fromTwo.arrayBuffer())).toEqual(
      Buffer.from(await fromOne.arrayBuffer()),
    );
    // The bytes are in the bucket, not in either instance's data folder.
    const objects = await fs.readdir(s3.directory, { recursive: true });
    expect(objects.some((name) => name.includes(avatar))).toBe(true);

    expect((await call(one.url, 'POST', '/auth/logout', { token: session })).status).toBe(200);
    // /auth/me answers 200 with null data for a visitor (no failing call on a page load).
    const after = await call(two.url, 'GET', '/auth/me', { token: session });
    expect(after.status).toBe(200);
    expect(((await after.json()) as { data: unknown }).data).toBeNull();
    // A route that needs a session refuses it on both.
    for (const instance of [one, two]) {
      expect((await call(instance.url, 'POST', '/auth/logout', { token: session })).status).toBe(
        401,
      );
    }
  });

  it('brings a like made through 1 to the notification stream open on 2', async () => {
    const owner = await member(one.url, `owner-${randomUUID().slice(0, 8)}@example.jp`);
    const fan = await member(two.url, `fan-${randomUUID().slice(0, 8)}@example.jp`);
    const { payload, headers } = await multipartPayload({
      kind: 'spot',
      title: '二台構成',
      ...NEAR_TOKYO_STATION,
    });
    const created = await fetch(`${one.url}/api/v2/posts`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${owner}` },
      body: new Uint8Array(payload),
    });
    expect(created.status).toBe(201);
    const post = ((await created.json()) as { data: { id: string } }).data;

    const stream = openSse(`${two.url}/api/v2/notifications/stream`, {
      authorization: `Bearer ${owner}`,
    });
    try {
      await stream.ready;
      expect(JSON.parse((await stream.next('unread')).data)).toEqual({ unread_count: 0 });
      const liked = await call(one.url, 'POST', `/posts/${post.id}/like`, { token: fan });
      expect(liked.status).toBe(200);
      const event = await stream.next('notification', 10_000);
      expect(JSON.parse(event.data)).toMatchObject({ type: 'like', post_id: post.id });
    } finally {
      stream.close();
    }
  });

  it('ends a suspended member’s sessions and streams on both instances and refuses their login', async () => {
    const moderatorEmail = `mod-${randomUUID().slice(0, 8)}@example.jp`;
    const moderator = await member(one.url, moderatorEmail);
    await query(`update users set role = 'moderator' where email = $1`, [moderatorEmail]);
    const email = `spam-${randomUUID().slice(0, 8)}@example.jp`;
    const spammer = await member(two.url, email);
    const me = await call(one.url, 'GET', '/auth/me', { token: spammer });
    const spammerId = ((await me.json()) as { data: { id: string } }).data.id;

    const streams = [one, two].map((instance) =>
      openSse(`${instance.url}/api/v2/notifications/stream`, {
        authorization: `Bearer ${spammer}`,
      }),
    );
    try {
      await Promise.all(streams.map((stream) => stream.ready));
      const suspended = await call(one.url, 'POST', '/moderation/actions', {
        token: moderator,
        json: {
          action: 'suspend',
          target: { kind: 'user', id: spammerId },
          reason: 'スパムの繰り返し',
          suspend_days: 3,
        },
      });
      expect(suspended.status).toBe(201);
      // Both streams end, the one on the instance that did not act as well.
      for (const stream of streams)
        expect(
          await until(
            async () => stream.ended(),
            (ended) => ended,
            10_000,
          ),
        ).toBe(true);
      for (const instance of [one, two]) {
        const after = await call(instance.url, 'GET', '/auth/me', { token: spammer });
        expect(((await after.json()) as { data: unknown }).data).toBeNull();
      }
      const login = await call(two.url, 'POST', '/auth/login', { json: { email, password } });
      expect(login.status).toBe(403);
      expect(((await login.json()) as { message: string }).message).toMatch(
        /^このアカウントは停止されています（\d{4}年\d{1,2}月\d{1,2}日まで）。$/,
      );
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('shares the login limit per client address behind the proxy, whatever X-Forwarded-For it forges', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      // Each attempt claims another address; the proxy appends the one it sees (this client
      // connects from 127.0.0.9, apart from the other tests' clients), and that one counts.
      statuses.push(
        await postFrom('127.0.0.9', `${proxy.url}/api/v2/auth/login`, {
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
          json: { email: `nobody${i}@example.jp`, password: 'wrong password' },
        }),
      );
    }
    expect(statuses.slice(0, 30).every((status) => status === 422)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Both instances answered some of them.
    const served = proxy.stats().served;
    expect(served.get(one.url)).toBeGreaterThan(10);
    expect(served.get(two.url)).toBeGreaterThan(10);
  });

  // Every member here registers from 127.0.0.1: 8 in all, within the 10 mails per hour and IP.
  it('sends each queued mail exactly once although both instances drain the outbox', async () => {
    const addresses = Array.from(
      { length: 4 },
      (_, i) => `once-${i}-${randomUUID().slice(0, 6)}@example.jp`,
    );
    for (const [i, address] of addresses.entries())
      await register(i % 2 ? two.url : one.url, address);
    for (const address of addresses) expect(await mailsTo(address)).toHaveLength(1);
    // A claim counts the attempt and takes pending rows only (mail-outbox.repository.ts), so
    // a row that is sent after one attempt was sent once and will never be claimed again.
    const rows = await until(
      () =>
        query<{ status: string; attempts: number }>(
          'select status, attempts from mail_outbox where to_address = any($1)',
          [addresses],
        ),
      (found) => found.length === 4 && found.every((row) => row.status === 'sent'),
    );
    for (const address of addresses) {
      expect(smtp.received.filter((mail) => mail.rcptTo.includes(address))).toHaveLength(1);
    }
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  }, 60_000);

  it('stops gracefully on SIGTERM: readiness turns 503, a request in flight finishes, exit 0', async () => {
    // A third instance, told to keep serving 1.5 s after SIGTERM so the balancer can notice.
    const three = await startInstance('three', { ...instanceEnv, SHUTDOWN_DELAY_MS: '1500' });
    extraInstances.push(three);
    await waitHealthy(three, 60_000);
    expect((await fetch(`${three.url}/api/v2/health/ready`)).status).toBe(200);

    const email = `slow-${randomUUID().slice(0, 8)}@example.jp`;
    await register(one.url, email);
    const [mail] = await mailsTo(email);
    const verifyToken = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail!.text)?.[1];
    await call(one.url, 'GET', `/auth/email/verify/${verifyToken}`);
    const login = await call(three.url, 'POST', '/auth/login', { json: { email, password } });
    const session = ((await login.json()) as { data: { token: string } }).data.token;

    // An upload whose body arrives slowly, over ~2 s: it is in flight when SIGTERM comes.
    const { payload, headers } = await multipartPayload({
      avatar: { bytes: await solidPng(200, 200), filename: 'slow.png', type: 'image/png' },
    });
    const pieces = [payload.subarray(0, 100), payload.subarray(100, 300), payload.subarray(300)];
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const piece = pieces.shift();
        sent += 1;
        if (!piece) return controller.close();
        controller.enqueue(new Uint8Array(piece));
        await new Promise((resolve) => setTimeout(resolve, 700));
      },
    });
    const upload = fetch(`${three.url}/api/v2/auth/update`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${session}` },
      body,
      duplex: 'half',
    } as RequestInit);
    // SIGTERM once the server is reading the body (the second piece is on its way).
    await until(
      async () => sent,
      (count) => count >= 2,
    );
    three.child.kill('SIGTERM');
    // Still listening during the delay, but no longer ready: the balancer takes it out.
    const ready = await until(
      () => fetch(`${three.url}/api/v2/health/ready`),
      (response) => response.status === 503,
      1_400,
    );
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');

    expect((await upload).status).toBe(200);
    expect(await three.exited).toBe(0);
    expect(three.logs.some((line) => line.msg === 'shutting down')).toBe(true);
    expect(three.logs.filter((line) => line.level >= 50)).toEqual([]);
    // The other instances serve on.
    expect((await fetch(`${proxy.url}/api/v2/health`)).status).toBe(200);
  }, 90_000);
});

describe.runIf(run)('Web Push on two instances', () => {
  it("sends a like's push once while both workers poll (docs/pwa.md#push)", async () => {
    // A pair of its own, on a migrated copy: the test-only push settings are refused in
    // production, where the pair above runs (and its workers would refuse the local service).
    const push = await startTestPushService();
    const database = await createScratchPostgres(inject('postgresTemplate')!);
    const pair: Instance[] = [];
    try {
      const env = {
        ...instanceEnv,
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        REDIS_KEY_PREFIX: `${redisPrefix}push:`,
        NOTIFICATION_POLL_INTERVAL_MS: '100',
        ...push.appSettings,
      };
      pair.push(
        ...(await Promise.all([startInstance('push-a', env), startInstance('push-b', env)])),
      );
      extraInstances.push(...pair);
      await Promise.all(pair.map((instance) => waitHealthy(instance, 120_000)));
      const [a, b] = pair as [Instance, Instance];
      const owner = await member(a.url, `push-owner-${randomUUID().slice(0, 8)}@example.jp`);
      const fan = await member(b.url, `push-fan-${randomUUID().slice(0, 8)}@example.jp`);
      const keys = newBrowserKeys();
      const endpoint = push.endpoint('two-instances');
      const subscribed = await call(a.url, 'POST', '/push/subscriptions', {
        token: owner,
        json: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
      });
      expect(subscribed.status).toBe(200);
      const { payload, headers } = await multipartPayload({
        kind: 'spot',
        title: '二台でプッシュ',
        ...NEAR_TOKYO_STATION,
      });
      const created = await fetch(`${b.url}/api/v2/posts`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${owner}` },
        body: new Uint8Array(payload),
      });
      expect(created.status).toBe(201);
      const post = ((await created.json()) as { data: { id: string } }).data;
      expect((await call(b.url, 'POST', `/posts/${post.id}/like`, { token: fan })).status).toBe(
        200,
      );

      // Sent, and its outbox row gone: after that no worker can send it again.
      const left = (sql: string) => queryOnce<{ n: number }>(database.url, sql);
      await until(
        async () => push.to(endpoint).length,
        (count) => count > 0,
      );
      const rows = await until(
        () => left('select count(*)::int as n from push_deliveries'),
        (result) => result[0]?.n === 0,
      );
      expect(rows[0]?.n).toBe(0);
      const pushes = push.to(endpoint);
      expect(pushes).toHaveLength(1);
      expect(decryptPush(pushes[0]!, keys)).toMatchObject({
        body: '駅好きさんがあなたの投稿にいいねしました',
        url: `${proxy.url}/post/${post.id}`,
      });
      for (const instance of pair)
        expect(instance.logs.filter((line) => line.level >= 50)).toEqual([]);
    } finally {
      await Promise.all(pair.map((instance) => instance.stop()));
      await push.close();
      await database.drop();
    }
  }, 240_000);
});
