import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once every handler and background task that has started is done, or after `timeoutMs`. */
    drainInFlight(timeoutMs: number): Promise<boolean>;
    /**
     * Runs work after the answer has gone: the answer then takes the same time whatever the
     * work turns out to be. Failures are logged; shutdown waits for the task like a handler.
     */
    runInBackground(log: FastifyBaseLogger, what: string, task: () => Promise<unknown>): void;
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
    const running = new Set<object>();
    let waiters: (() => void)[] = [];
    const finish = (work: object) => {
      if (running.delete(work) && running.size === 0) {
        const woken = waiters;
        waiters = [];
        for (const wake of woken) wake();
      }
    };
    app.addHook('onRequest', async (request) => {
      running.add(request);
    });
    app.addHook('onSend', async (request, _reply, payload) => {
      finish(request);
      return payload;
    });
    app.addHook('onResponse', async (request) => finish(request));

    app.decorate('runInBackground', (log, what, task) => {
      const work = {};
      running.add(work);
      // After the current turn, so the handler's answer leaves first.
      setImmediate(() => {
        task()
          .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
          .finally(() => finish(work));
      });
    });

    app.decorate('drainInFlight', (timeoutMs: number) => {
      if (running.size === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    });
  },
  { name: 'in-flight' },
);
