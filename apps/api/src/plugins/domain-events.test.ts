import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { afterCommit, type CommitContext } from '../lib/after-commit.js';
import { recordEvent, setEventSubscribers } from '../lib/domain-events.js';
import { domainEventsPlugin } from './domain-events.js';

/**
 * The after-commit half of the event pipeline (docs/architecture.md#after-the-commit); what
 * each subscriber does with an event is covered by the route tests of rankings, notifications
 * and stations.
 */

// The plugin only hands the database on to the queued work; nothing here queries it.
const db = { name: 'the app database' } as unknown as Database;
const published: string[][] = [];
const seen: { handlerDone: boolean; db: Database }[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  // Before the plugin below is registered: no subscribers (another file's app in this worker
  // may have wired them).
  setEventSubscribers(null);
  await expect(recordEvent(db, { type: 'member-left', userId: 'x' })).rejects.toThrow(
    /no subscribers/,
  );
  app = Fastify({ logger: false });
  await app.register(domainEventsPlugin, { db, publish: (topics) => published.push(topics) });
  const handler = async () => {
    let handlerDone = false;
    const note = (context: CommitContext) => seen.push({ handlerDone, db: context.db });
    afterCommit((context) => {
      note(context);
      context.publish(['member-a', 'member-b']);
    });
    afterCommit(() => {
      throw new Error('a broken piece of work');
    });
    afterCommit((context) => context.publish(['member-b', 'timeline:posts']));
    await Promise.resolve();
    handlerDone = true;
    return { ok: true };
  };
  app.post('/write', handler);
  app.get('/read', handler);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
});

describe('after-commit work', () => {
  it('runs once the handler is done, with the app database, and publishes once per request', async () => {
    published.length = 0;
    seen.length = 0;
    const response = await app.inject({ method: 'POST', url: '/write' });
    expect(response.statusCode).toBe(200);
    expect(seen).toEqual([{ handlerDone: true, db }]);
    // The broken piece was logged; the rest still ran, and the topics went out together.
    expect(published).toEqual([['member-a', 'member-b', 'timeline:posts']]);
  });

  it('is not collected for reads, which write nothing', async () => {
    published.length = 0;
    seen.length = 0;
    expect((await app.inject({ method: 'GET', url: '/read' })).statusCode).toBe(200);
    expect(seen).toEqual([]);
    expect(published).toEqual([]);
  });
});
