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
    /**
     * Shutdown has begun: readiness answers 503 so the load balancer sends no more, and every
     * answer asks its client to close the connection, so kept-alive connections move to
     * another instance before this one stops listening (docs/deploy.md#graceful-shutdown).
     */
    startDraining(): void;
    readonly draining: boolean;
    /**
     * For long-lived answers (event streams): `end` is called once when shutdown begins —
     * on SIGTERM, or by `app.close()` itself — so the stream can send its client a hint to
     * reconnect (which the load balancer sends to another instance) and end, instead of
     * holding the shutdown up. Returns the function to call when the stream ends first.
     */
    onDrain(end: () => void): () => void;
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
    // Callback hooks: they run on every request, and a promise each would cost reads more.
    app.addHook('onRequest', (request, _reply, done) => {
      running.add(request);
      done();
    });
    let draining = false;
    const longLived = new Set<() => void>();
    app.decorate('draining', {
      getter: () => draining,
    });
    const startDraining = () => {
      draining = true;
      const ending = [...longLived];
      longLived.clear();
      for (const end of ending) {
        try {
          end();
        } catch (error) {
          app.log.warn({ err: error }, 'ending a long-lived answer failed');
        }
      }
    };
    app.decorate('startDraining', startDraining);
    app.decorate('onDrain', (end: () => void) => {
      if (draining) {
        queueMicrotask(end);
        return () => undefined;
      }
      longLived.add(end);
      return () => void longLived.delete(end);
    });
    // app.close() alone (tests, embedding) ends long-lived answers too: the listener could not
    // close while they are open.
    app.addHook('preClose', async () => startDraining());
    app.addHook('onSend', (request, reply, payload, done) => {
      finish(request);
      if (draining) reply.header('Connection', 'close');
      done(null, payload);
    });
    app.addHook('onResponse', (request, _reply, done) => {
      finish(request);
      done();
    });

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
