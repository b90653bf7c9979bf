import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyChildLogger } from './lazy-child-logger.js';
import { REDACTED_LOG_PATHS } from './log-safety.js';

/** A Fastify app logging to `lines` at `level`, with the app's redaction and this factory. */
async function appAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const app = Fastify({
    logger: {
      level,
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
      stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    },
    childLoggerFactory: lazyChildLogger,
  });
  let children = 0;
  const child = app.log.child.bind(app.log);
  app.log.child = (...args: Parameters<typeof child>) => {
    children += 1;
    return child(...args);
  };
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/warns', async (request) => {
    request.log.info('below warn');
    request.log.warn({ token: 'tok-1', station: 1130101 }, 'something to see');
    return { ok: true };
  });
  app.get('/debug-route', { logLevel: 'debug' }, async (request) => {
    request.log.debug('told at debug');
    return { ok: true };
  });
  await app.ready();
  return { app, lines, children: () => children };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('lazyChildLogger', () => {
  it('makes no child logger for a request that writes nothing at the level', async () => {
    const { app, lines, children } = await appAt('warn');
    close = () => app.close();
    for (let i = 0; i < 3; i += 1) expect((await app.inject('/quiet')).statusCode).toBe(200);
    expect(children()).toBe(0);
    expect(lines).toEqual([]);
  });

  it('makes it on the first line written, bound to the request id and still censored', async () => {
    const { app, lines, children } = await appAt('warn');
    close = () => app.close();
    const response = await app.inject({ url: '/warns', headers: { 'x-request-id': 'req-abc' } });
    expect(response.statusCode).toBe(200);
    expect(children()).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: 'something to see',
      token: '[redacted]',
      station: 1130101,
    });
    expect(typeof lines[0]!.reqId).toBe('string');
  });

  it('writes the request lines at info, and a route’s own lower level', async () => {
    const { app, lines } = await appAt('info');
    close = () => app.close();
    await app.inject('/quiet');
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(1);

    lines.length = 0;
    await app.inject('/debug-route');
    expect(lines.map((line) => line.msg)).toEqual([
      'incoming request',
      'told at debug',
      'request completed',
    ]);
  });
});
