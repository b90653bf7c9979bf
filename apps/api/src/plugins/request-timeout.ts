import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's own limit (ms), or false for none (event streams). */
    requestTimeoutMs?: number | false;
  }
}

/** Routes reading uploads get this long at least: a phone on a slow line sends 200 MB slowly. */
export const UPLOAD_TIMEOUT_MS = 120_000;

function consumesMultipart(schema: unknown): boolean {
  return (
    typeof schema === 'object' &&
    schema !== null &&
    'consumes' in schema &&
    Array.isArray(schema.consumes) &&
    schema.consumes.includes('multipart/form-data')
  );
}

/**
 * A request that has had no answer after `timeoutMs` gets 503 with Retry-After, whatever it
 * is waiting for (a stalled database, a stuck dependency), so clients and load balancers are
 * not left hanging. The handler may still finish; its late answer is dropped.
 */
export const requestTimeoutPlugin = fp(
  async (app: FastifyInstance, options: { timeoutMs: number }) => {
    const timers = new WeakMap<object, NodeJS.Timeout>();
    // Callback hooks: they run on every request, and a promise each would cost reads more.
    app.addHook('onRequest', (request, reply, done) => {
      const own = request.routeOptions.config.requestTimeoutMs;
      if (own !== false) {
        const ms =
          own ??
          (consumesMultipart(request.routeOptions.schema)
            ? Math.max(options.timeoutMs, UPLOAD_TIMEOUT_MS)
            : options.timeoutMs);
        const timer = setTimeout(() => {
          if (reply.sent || reply.raw.headersSent) return;
          request.log.error({ timeoutMs: ms }, 'request timed out');
          reply.header('retry-after', '5');
          void sendError(reply, 'SERVICE_UNAVAILABLE');
        }, ms);
        timer.unref();
        timers.set(request, timer);
      }
      done();
    });
    const clear = (request: object) => {
      clearTimeout(timers.get(request));
      timers.delete(request);
    };
    app.addHook('onResponse', (request, _reply, done) => {
      clear(request);
      done();
    });
    app.addHook('onRequestAbort', (request, done) => {
      clear(request);
      done();
    });
  },
  { name: 'request-timeout' },
);
