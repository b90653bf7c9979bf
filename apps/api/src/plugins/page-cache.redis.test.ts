import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareBytes } from '../lib/prepared-payload.js';
import { connectTestRedis, testRedisUrl } from '../../test/redis.js';
import { createPageCache, pageCachePlugin, type PageCache } from './page-cache.js';

/**
 * Two instances keep pages; a write answered by one drops what the other keeps, through Redis
 * (docs/architecture.md#page-cache). The instances are the plugin on two Fastify apps with one
 * write route each, so the test is about the message, not about rendering.
 */
const redis = await connectTestRedis();
const channel = `ekispot-test:${randomUUID()}:pages`;
const apps: FastifyInstance[] = [];
const clients: Redis[] = [];

async function instance(): Promise<{ app: FastifyInstance; cache: PageCache }> {
  const client = new Redis(testRedisUrl, { maxRetriesPerRequest: 1 });
  clients.push(client);
  const cache = createPageCache();
  const app = Fastify();
  await app.register(pageCachePlugin, { cache, redis: client, redisChannel: channel });
  app.post('/like', async (_request, reply) => reply.code(201).send({ ok: true }));
  app.post('/refused', async (_request, reply) => reply.code(422).send({ ok: false }));
  await app.ready();
  apps.push(app);
  return { app, cache };
}

async function keep(cache: PageCache, key: string) {
  await cache.getOrBuild(key, async () => ({
    status: 200,
    payload: await prepareBytes(Buffer.from(`<p>${key}</p>`), 'fast'),
  }));
  expect(cache.get(key)).toBeDefined();
}

afterAll(async () => {
  for (const app of apps) await app.close();
  for (const client of clients) client.disconnect();
  redis?.disconnect();
});

describe.skipIf(!redis)('kept pages across instances (Redis)', () => {
  it('drops the pages another instance keeps once a write succeeds here, and never on a refusal', async () => {
    const one = await instance();
    const two = await instance();
    // What goes over the channel, heard as a third instance would.
    const listener = new Redis(testRedisUrl);
    clients.push(listener);
    const heard: string[] = [];
    listener.on('message', (_channel: string, message: string) => heard.push(message));
    await listener.subscribe(channel);
    await keep(one.cache, '/station/1130101');
    await keep(two.cache, '/station/1130101');

    expect((await one.app.inject({ method: 'POST', url: '/refused' })).statusCode).toBe(422);
    expect(one.cache.get('/station/1130101')).toBeDefined();
    expect((await one.app.inject({ method: 'POST', url: '/like' })).statusCode).toBe(201);
    expect(one.cache.get('/station/1130101')).toBeUndefined();
    await expect.poll(() => two.cache.get('/station/1130101'), { timeout: 5_000 }).toBeUndefined();
    // One connection's messages arrive in order: had the refusal been told, it would be first.
    await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(1);

    // And the other way round.
    await keep(one.cache, '/line/11302');
    expect((await two.app.inject({ method: 'POST', url: '/like' })).statusCode).toBe(201);
    await expect.poll(() => one.cache.get('/line/11302'), { timeout: 5_000 }).toBeUndefined();
    await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(2);
    expect(new Set(heard).size).toBe(2);
  });
});
