import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.js';
import { runCollectingAfterCommit, type AfterCommitWork } from '../lib/after-commit.js';
import { setEventSubscribers } from '../lib/domain-events.js';
import { addRouteHook, isWriteRoute } from '../lib/route-hooks.js';
import { notifyOfEvent } from '../modules/notifications/notifications.service.js';
import { scoreEvent } from '../modules/rankings/rankings.service.js';
import { forgetStationActivityOf } from '../modules/stations/station-activity.service.js';

/**
 * The write side's event pipeline (docs/architecture.md#domain-events): the one place that
 * says who hears a domain event, and the hooks that run a request's after-commit work once its
 * handler, and the transaction with it, is done (docs/architecture.md#after-the-commit).
 * Registered before the modules whose actions record events, so its hooks wrap their requests.
 */

export interface DomainEventsOptions {
  db: Database;
  /** Wakes live streams (the notification hub): one call per request, with every topic. */
  publish: (topics: string[]) => void;
}

/** Who hears each event, in this order, inside the action's transaction. */
const SUBSCRIBERS = [scoreEvent, notifyOfEvent, forgetStationActivityOf];

export const domainEventsPlugin = fp(
  async (app: FastifyInstance, options: DomainEventsOptions) => {
    setEventSubscribers(SUBSCRIBERS);

    const queues = new WeakMap<object, AfterCommitWork[]>();
    // Reads write nothing: only write routes collect events, in the async context that costs
    // every await of a request (lib/route-hooks.ts).
    app.addHook('onRoute', (route) => {
      if (!isWriteRoute(route)) return;
      addRouteHook(route, 'onRequest', (request, _reply, done) => {
        const queue: AfterCommitWork[] = [];
        queues.set(request, queue);
        runCollectingAfterCommit(queue, done);
      });
      // onSend comes after the handler has returned, so after its transaction has committed
      // (or rolled back: the work is only a hint to read again, lib/after-commit.ts).
      addRouteHook(route, 'onSend', (request, _reply, payload, done) => {
        const queue = queues.get(request);
        if (queue && queue.length > 0) {
          const topics = new Set<string>();
          const context = {
            db: options.db,
            publish: (more: Iterable<string>) => {
              for (const topic of more) topics.add(topic);
            },
          };
          for (const work of queue.splice(0)) {
            try {
              work(context);
            } catch (error) {
              request.log.error({ err: error }, 'after-commit work failed');
            }
          }
          if (topics.size > 0) options.publish([...topics]);
        }
        done(null, payload);
      });
    });
  },
  { name: 'domain-events' },
);
