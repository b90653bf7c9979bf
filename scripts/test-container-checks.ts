/**
 * The image at work (run by scripts/test-container.sh, which builds it; docs/deploy.md#testing-the-image):
 * one container on the host's network against this machine's PostgreSQL (a database made and
 * dropped here) and Redis (a key prefix of its own), a local S3-compatible server (s3rver) and a
 * local SMTP server, the same the API tests use. Checks, in order: healthy within 60 s (and the
 * image's own HEALTHCHECK passes), a station read, a registration mail received, a photo post
 * stored in the bucket, and a stop on SIGTERM within the shutdown delay (+ the 10 s bound for
 * requests in flight) that finishes an upload in flight, exits 0 and loses nothing.
 */
import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { jpegWithGps, solidPng } from '../apps/api/test/fixtures/images/image-fixtures.js';
import { freePort } from '../apps/api/test/free-port.js';
import { multipartPayload } from '../apps/api/test/multipart.js';
import { dropTestKeys } from '../apps/api/test/redis.js';
import { startS3Server } from '../apps/api/test/s3-server.js';
import { startTestSmtpServer } from '../apps/api/test/smtp-test-server.js';

const image = process.env.IMAGE ?? 'localhost/ekispot:test';
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const podman = ['--runtime', 'runc'];
const limits = ['--ulimit', 'nofile=1024:1024', '--ulimit', 'nproc=4096:4096'];
const SHUTDOWN_DELAY_MS = 2_000;
/** The first start's budget (migrations, the station import); READY_WITHIN_S for a slow machine. */
const READY_WITHIN_S = Number(process.env.READY_WITHIN_S ?? 60);
/** server.ts: after the delay, requests in flight get at most 10 s more. */
const STOP_BOUND_MS = SHUTDOWN_DELAY_MS + 10_000;
const password = 'correct horse battery';

const run = promisify(execFile);
const podmanRun = (args: string[]) => run('podman', [...podman, ...args], { encoding: 'utf8' });

function check(label: string, ok: boolean, detail = '') {
  if (!ok) throw new Error(`${label}: failed${detail ? ` (${detail})` : ''}`);
  console.log(`ok  ${label}${detail ? ` (${detail})` : ''}`);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read().catch(() => undefined as T);
    if ((value !== undefined && done(value)) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const suffix = randomUUID().replaceAll('-', '').slice(0, 12);
const databaseName = `ekispot_container_${suffix}`;
const redisPrefix = `ekispot-container-test:${suffix}:`;
const container = `ekispot-test-${suffix}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString();

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
await redis.connect();
await admin(`create database ${databaseName}`);
const s3 = await startS3Server('ekispot-container');
const smtp = await startTestSmtpServer();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

const api = (url: string, init: RequestInit & { token?: string } = {}) =>
  fetch(`${base}/api/v2${url}`, {
    ...init,
    headers: {
      origin: base,
      ...(init.token && { authorization: `Bearer ${init.token}` }),
      ...(init.body && typeof init.body === 'string' && { 'content-type': 'application/json' }),
      ...init.headers,
    },
  });
const objectsInBucket = async () => fs.readdir(s3.directory, { recursive: true });

let failed = false;
try {
  const env = {
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: base,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisPrefix,
    S3_URL: s3.url('images'),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    TRUST_PROXY: 'loopback',
    SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
    MAIL_POLL_INTERVAL_MS: '200',
    MAP_TILE_URL: 'off',
  };
  const started = Date.now();
  await podmanRun([
    'run',
    '--detach',
    '--name',
    container,
    '--network=host',
    // As compose.yaml runs it (restart: unless-stopped); a restart is reported below.
    '--restart=on-failure:3',
    ...limits,
    ...Object.entries(env).flatMap(([name, value]) => ['--env', `${name}=${value}`]),
    image,
  ]);

  // ---- healthy within 60 s: the first start migrates and imports every station.
  // -1: the container has stopped for good (its restarts spent; its log is printed below).
  const stoppedForGood = async () =>
    (
      await podmanRun(['inspect', '--format', '{{.State.Status}} {{.RestartCount}}', container])
    ).stdout.trim() === 'exited 3';
  const ready = await until(
    async () =>
      (await stoppedForGood())
        ? -1
        : await fetch(`${base}/api/v2/health/ready`).then((response) => response.status),
    (status) => status === 200 || status === -1,
    READY_WITHIN_S * 1000,
  );
  const restarts = (
    await podmanRun(['inspect', '--format', '{{.RestartCount}}', container])
  ).stdout.trim();
  check(
    `ready within ${READY_WITHIN_S} s`,
    ready === 200,
    `${((Date.now() - started) / 1000).toFixed(1)} s, ${restarts} restart(s)`,
  );
  const healthcheck = await podmanRun(['healthcheck', 'run', container]).then(
    () => 'healthy',
    (error: { stdout?: string; stderr?: string }) => `${error.stdout ?? ''}${error.stderr ?? ''}`,
  );
  check("the image's HEALTHCHECK passes", healthcheck === 'healthy', healthcheck.trim());
  const user = (await podmanRun(['exec', container, 'id', '-u'])).stdout.trim();
  check('runs as a user of its own', user !== '0', `uid ${user}`);

  // ---- a station read.
  const search = await api(`/stations/search?q=${encodeURIComponent('東京')}`);
  const found = ((await search.json()) as { data: { items: { id: number; name: string }[] } }).data
    .items;
  const tokyo = found.find((station) => station.name === '東京');
  check('station search finds 東京', search.status === 200 && tokyo !== undefined);
  const detail = await api(`/stations/${tokyo!.id}`);
  const station = ((await detail.json()) as { data: { name: string } }).data;
  check('station page reads 東京', detail.status === 200 && station.name === '東京');

  // ---- registration: the mail leaves through SMTP; its link confirms the address.
  const email = `container-${suffix}@example.jp`;
  const registered = await api('/auth/register', {
    method: 'POST',
    body: JSON.stringify({ name: '駅好き', email, password, password_confirmation: password }),
  });
  check('registration accepted', registered.status === 201);
  const mail = await until(
    async () => smtp.received.find((received) => received.rcptTo.includes(email)),
    (received) => received !== undefined,
    20_000,
  );
  const verifyToken = mail && /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  check('registration mail received by SMTP', verifyToken !== undefined, mail?.subject);
  check('address confirmed', (await api(`/auth/email/verify/${verifyToken}`)).status === 200);
  const login = await api('/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  check('logged in', login.status === 200);

  // ---- a photo post: re-encoded, stored in the bucket, served back.
  const photo = await multipartPayload({
    kind: 'image',
    station_group_id: String(tokyo!.id),
    'images[0]': { bytes: await jpegWithGps(640, 480), filename: 'eki.jpg', type: 'image/jpeg' },
  });
  const created = await api('/posts', {
    method: 'POST',
    token,
    headers: photo.headers,
    body: new Uint8Array(photo.payload),
  });
  const post = ((await created.json()) as { data: { images: { id: string }[] } }).data;
  const photoId = post?.images?.[0]?.id ?? '';
  check('photo post created', created.status === 201 && photoId !== '');
  check(
    'photo stored in the bucket',
    (await objectsInBucket()).some((n) => n.includes(photoId)),
  );
  const served = await fetch(`${base}/api/v2/image/${photoId}`);
  check('photo served from the bucket', served.status === 200, served.headers.get('content-type')!);

  // ---- stop: SIGTERM while an upload's body is still arriving (three pieces, 0.7 s apart).
  const avatar = await multipartPayload({
    avatar: { bytes: await solidPng(200, 200), filename: 'slow.png', type: 'image/png' },
  });
  const pieces = [0, 100, 300].map((from, index, starts) =>
    avatar.payload.subarray(from, starts[index + 1]),
  );
  let sent = 0;
  const upload = fetch(`${base}/api/v2/auth/update`, {
    method: 'POST',
    headers: { ...avatar.headers, origin: base, authorization: `Bearer ${token}` },
    body: new ReadableStream<Uint8Array>({
      async pull(controller) {
        const piece = pieces.shift();
        sent += 1;
        if (!piece) return controller.close();
        controller.enqueue(new Uint8Array(piece));
        await new Promise((resolve) => setTimeout(resolve, 700));
      },
    }),
    duplex: 'half',
  } as RequestInit);
  await until(
    async () => sent,
    (count) => count >= 2,
    10_000,
  );
  const stopStarted = Date.now();
  // `podman stop` sends the image's STOPSIGNAL (SIGTERM) and waits; 30 s before a SIGKILL.
  const stopping = new Promise<number>((resolve) => {
    spawn('podman', [...podman, 'stop', '--time', '30', container], { stdio: 'ignore' }).on(
      'close',
      () => resolve(Date.now() - stopStarted),
    );
  });
  const draining = await until(
    () => fetch(`${base}/api/v2/health/ready`).then((response) => response.status),
    (status) => status === 503,
    SHUTDOWN_DELAY_MS,
  );
  check('readiness 503 once stopping, while still serving', draining === 503);
  const uploaded = await upload;
  const avatarId = ((await uploaded.json()) as { data: { avatar: string } }).data.avatar;
  check('upload in flight at SIGTERM finished', uploaded.status === 200 && Boolean(avatarId));
  const stopMs = await stopping;
  const state = await podmanRun([
    'inspect',
    '--format',
    '{{.State.ExitCode}} {{.State.Status}}',
    container,
  ]);
  check(
    `stopped within SHUTDOWN_DELAY_MS + 10 s (${STOP_BOUND_MS / 1000} s), exit 0`,
    stopMs <= STOP_BOUND_MS + 1_000 && state.stdout.trim() === '0 exited',
    `${(stopMs / 1000).toFixed(1)} s, exit ${state.stdout.trim()}`,
  );
  check(
    'the upload is in the bucket',
    (await objectsInBucket()).some((n) => n.includes(avatarId)),
  );
  const logs = await podmanRun(['logs', container]);
  const output = logs.stdout + logs.stderr;
  check(
    'clean shutdown in the log',
    output.includes('shutting down') && !/shutdown (timed out|failed)/.test(output),
  );
} catch (error) {
  failed = true;
  console.error(`\n${(error as Error).message}`);
  const logs = await podmanRun(['logs', '--tail', '40', container]).catch(() => null);
  if (logs) console.error(`--- last lines of the container's log\n${logs.stdout}${logs.stderr}`);
} finally {
  await podmanRun(['rm', '--force', '--volumes', container]).catch(() => undefined);
  await dropTestKeys(redis, redisPrefix);
  redis.disconnect();
  await admin(`drop database if exists ${databaseName} with (force)`);
  await smtp.close();
  await s3.close();
}
process.exit(failed ? 1 : 0);
