import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { inFlightPlugin } from './in-flight.js';

describe('in-flight handlers', () => {
  it('are waited for after close, even when their client went away', async () => {
    const app = Fastify();
    await app.register(inFlightPlugin);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const events: string[] = [];
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    app.get('/slow', async () => {
      started();
      await released;
      events.push('handler done');
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const request = http.get({ host: '127.0.0.1', port, path: '/slow' });
    request.on('error', () => undefined);
    await running;
    request.destroy();
    await app.close();
    events.push('closed');

    const drained = app.drainInFlight(5_000).then((done) => events.push(`drained ${done}`));
    // Everything already due has run: the drain is still waiting for the handler.
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['closed']);
    release();
    await drained;
    expect(events).toEqual(['closed', 'handler done', 'drained true']);
  });

  it('answers at once when nothing runs, and gives up after the timeout', async () => {
    const app = Fastify();
    await app.register(inFlightPlugin);
    app.get('/never', () => new Promise(() => undefined));
    await app.ready();
    expect(await app.drainInFlight(10)).toBe(true);
    void app.inject('/never');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await app.drainInFlight(30)).toBe(false);
  });
});
