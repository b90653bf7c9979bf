import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createRedisHub } from './notification-hub.js';

/** A port nothing listens on (taken, then released): Redis is down for the whole test. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the Redis notification hub during an outage', () => {
  it('reports the outage once, however often the client retries', async () => {
    const redis = new Redis({
      host: '127.0.0.1',
      port: await closedPort(),
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Retries quickly, so that many happen while the test waits.
      retryStrategy: () => 20,
    });
    let clientErrors = 0;
    redis.on('error', () => (clientErrors += 1));
    redis.connect().catch(() => undefined);
    const reported: unknown[] = [];
    const hub = await createRedisHub({
      redis,
      channel: 'ekispot-test-outage',
      onError: (error) => reported.push(error),
    });
    try {
      // The hub's subscriber retries at the same pace as this client: let many attempts fail.
      await expect.poll(() => clientErrors, { timeout: 10_000 }).toBeGreaterThanOrEqual(10);
      hub.publish(['someone']);
      hub.publish(['someone-else']);
      await expect.poll(() => clientErrors, { timeout: 10_000 }).toBeGreaterThanOrEqual(15);
      expect(reported).toHaveLength(1);
    } finally {
      await hub.close();
      redis.disconnect();
    }
  });
});
