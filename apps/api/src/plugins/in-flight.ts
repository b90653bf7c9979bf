import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once every handler that has started is done, or after `timeoutMs`. */
    drainInFlight(timeoutMs: number): Promise<boolean>;
  }
}

/**
 * Counts handlers still at work. `app.close()` resolves once connections are closed, but a
 * handler whose client went away keeps running and may still query the database; shutdown
 * waits for it before closing the pool. A handler is done when its reply is about to be
 * sent (`onSend`, which runs even when the client has gone) or has been (`onResponse`).
 */
export const inFlightPlugin = fp(
  async (app: FastifyInstance) => {
    const running = new Set<FastifyRequest>();
    let idle: (() => void) | null = null;
    const finish = (request: FastifyRequest) => {
      if (running.delete(request) && running.size === 0) idle?.();
    };
    app.addHook('onRequest', async (request) => {
      running.add(request);
    });
    app.addHook('onSend', async (request, _reply, payload) => {
      finish(request);
      return payload;
    });
    app.addHook('onResponse', async (request) => finish(request));

    app.decorate('drainInFlight', (timeoutMs: number) => {
      if (running.size === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        idle = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
    });
  },
  { name: 'in-flight' },
);
