import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('readiness for load balancers', () => {
  it('is ready while serving, and turns 503 with Connection: close once shutdown begins', async () => {
    const ready = await ctx.app.inject('/api/v2/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toMatchObject({ status: 'ok', database: 'ok' });
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ready.headers.connection).not.toBe('close');

    ctx.app.startDraining();
    const draining = await ctx.app.inject('/api/v2/health/ready');
    expect(draining.statusCode).toBe(503);
    expect(draining.headers['retry-after']).toBe('5');
    expect(draining.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    // Liveness and every other answer still work, asking clients to reconnect elsewhere.
    const alive = await ctx.app.inject('/api/v2/health');
    expect(alive.statusCode).toBe(200);
    expect(alive.headers.connection).toBe('close');
  });
});
