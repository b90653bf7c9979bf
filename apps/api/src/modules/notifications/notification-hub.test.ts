import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../test/free-port.js';
import { createRedisHub } from './notification-hub.js';

describe('the Redis notification hub during an outage', () => {
  it('reports the outage once, however often the client retries', async () => {
    const redis = new Redis({
      host: '127.0.0.1',
      port: await freePort(),
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
