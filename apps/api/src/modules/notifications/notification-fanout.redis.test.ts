import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createAuthClient } from '../../../test/auth-client.js';
import { createPostClient, NEAR_TOKYO_STATION } from '../../../test/post-client.js';
import { openSse } from '../../../test/sse-client.js';
import { dropTestKeys, testRedisPrefix, testRedisUrl } from '../../../test/redis.js';
import { createTestDatabase, testConfig } from '../../../test/test-app.js';
import { buildApp } from '../../app.js';
import type { DatabaseHandle } from '../../db/database.js';
import { createLocalImageStorage } from '../images/image-storage.js';

/**
 * Two API instances on one database and one Redis (as behind a load balancer): a like sent to
 * instance 1 reaches a stream open on instance 2. Redis runs wherever the suite runs (CI starts
 * it); TEST_REDIS_URL points elsewhere (test/redis.ts).
 */
// This run's own channel and keys, so parallel (and earlier) runs on one Redis never hear each
// other nor share counts (the mail budget per address would run out after a few runs).
const channel = `ekispot-test:${randomUUID()}`;
const keyPrefix = testRedisPrefix();
const origin = 'http://localhost:3000';

let database: DatabaseHandle;
let dataDir: string;
const redisClients: Redis[] = [];
const apps: FastifyInstance[] = [];

async function startInstance() {
  const redis = new Redis(testRedisUrl, { maxRetriesPerRequest: 1 });
  redisClients.push(redis);
  const config = testConfig({ DATA_DIR: dataDir, PUBLIC_URL: origin, REDIS_KEY_PREFIX: keyPrefix });
  const app = await buildApp(config, {
    db: database.db,
    redis,
    notificationChannel: channel,
    imageStorage: createLocalImageStorage(path.join(dataDir, 'images')),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-test-'));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  if (redisClients[0]) await dropTestKeys(redisClients[0], keyPrefix);
  for (const redis of redisClients) redis.disconnect();
  await database?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('notification fan-out across instances (Redis pub/sub)', () => {
  it('a like through instance 1 reaches the owner’s stream on instance 2', async () => {
    const one = await startInstance();
    const two = await startInstance();
    const ctx = { app: one.app, db: database.db };
    const accounts = createAuthClient(ctx, origin);
    const owner = (await accounts.insertMemberAndLogIn('owner@example.jp')).token;
    const fan = (await accounts.insertMemberAndLogIn('fan@example.jp')).token;
    const posts = createPostClient(ctx, origin);
    const post = await posts.createdPost(
      { token: owner },
      { kind: 'spot', title: '二台構成', ...NEAR_TOKYO_STATION },
    );

    const stream = openSse(`${two.url}/api/v2/notifications/stream`, {
      authorization: `Bearer ${owner}`,
    });
    await stream.ready;
    expect(JSON.parse((await stream.next('unread')).data)).toEqual({ unread_count: 0 });
    expect(two.app.notifications.hub.listenerCount()).toBe(1);
    expect(one.app.notifications.hub.listenerCount()).toBe(0);

    const liked = await posts.json('POST', `/posts/${post.id}/like`, { token: fan });
    expect(liked.statusCode).toBe(200);
    const event = await stream.next('notification');
    expect(JSON.parse(event.data)).toMatchObject({ type: 'like', post_id: post.id });
    expect(JSON.parse((await stream.next('unread')).data)).toEqual({ unread_count: 1 });
    stream.close();
  });
});
