import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { openSse } from '../../../test/sse-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { setFollow } from '../users/relations.service.js';
import { connectLiveStreams, EVENT_TYPES, inTransaction, recordEvent } from './effects.service.js';

/**
 * The effects of domain events (docs/architecture.md#domain-events): said in one place, run
 * after the commit whether a request wrote or not, dropped with a rollback. What each event
 * does to scores, notifications and station counts is covered by the route tests of rankings,
 * notifications and stations.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
    }),
  );
  return nested.flat();
}

describe('the one place', () => {
  it('gives every event type its effects, and nothing else hears events or queues after-commit work', async () => {
    expect(new Set(EVENT_TYPES).size).toBe(EVENT_TYPES.length);
    expect(EVENT_TYPES).toEqual(expect.arrayContaining(['liked', 'commented', 'posted']));
    const strays: string[] = [];
    for (const file of await sourceFiles(SRC)) {
      const name = path.relative(SRC, file);
      if (name.startsWith(`modules${path.sep}effects${path.sep}`)) continue;
      const text = await readFile(file, 'utf8');
      // Hearing every event (a subscriber) takes the whole union or the list of its types.
      const imported = /import[^;]*\{([^}]*)\}[^;]*from '[./]*lib\/domain-events\.js'/.exec(text);
      if (imported && /\b(DomainEvent|DomainEventType)\b/.test(imported[1] ?? ''))
        strays.push(`${name}: imports DomainEvent (its effects belong in effects.service.ts)`);
      if (/effects\/commit\.js'/.test(text)) strays.push(`${name}: queues after-commit work`);
      if (/\bAsyncLocalStorage\b/.test(text) && /commit/i.test(text))
        strays.push(`${name}: keeps after-commit work in an async context`);
      if (/function recordEvent\b|setEventSubscribers|\bsubscribers?\s*[:=]\s*\[/.test(text))
        strays.push(`${name}: registers event effects`);
      if (/\bconnectLiveStreams\(/.test(text) && name !== 'app.ts')
        strays.push(`${name}: connects live streams (app.ts does)`);
    }
    expect(strays).toEqual([]);
  });
});

describe('after the commit', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  const ids: string[] = [];
  const tokens: string[] = [];
  const heard: string[][] = [];
  let disconnect = () => {};

  beforeAll(async () => {
    ctx = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    const accounts = createAuthClient(ctx, 'http://localhost:3000');
    for (const member of await accounts.members('effects', 2)) {
      ids.push(member.id);
      tokens.push(member.token);
    }
    disconnect = connectLiveStreams(ctx.db, {
      publish: (topics) => heard.push(topics),
      log: { error: () => {} },
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    disconnect();
    await ctx?.close();
  });

  it('wakes live streams for an event recorded outside any request (a job)', async () => {
    const port = (ctx.app.server.address() as AddressInfo).port;
    const stream = openSse(`http://127.0.0.1:${port}/api/v2/notifications/stream`, {
      authorization: `Bearer ${tokens[1]}`,
    });
    await stream.ready;
    expect(JSON.parse((await stream.next('unread')).data)).toEqual({ unread_count: 0 });
    // No request, no hook: the follow is recorded by a service call, as a job or the admin
    // socket would make it.
    await setFollow({ db: ctx.db }, ids[0]!, ids[1]!, true);
    const told = await stream.next('notification');
    expect(JSON.parse(told.data)).toMatchObject({ type: 'follow', actor: { id: ids[0] } });
    expect(JSON.parse((await stream.next('unread')).data)).toEqual({ unread_count: 1 });
    stream.close();
  });

  it('pokes once the transaction has committed, all topics together, and not for a rollback', async () => {
    heard.length = 0;
    await inTransaction(ctx.db, async (tx) => {
      await recordEvent(tx, { type: 'sessions-ended', userId: ids[0]! });
      await recordEvent(tx, { type: 'sessions-ended', userId: ids[1]! });
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([[ids[0], ids[1]]]);

    heard.length = 0;
    await expect(
      inTransaction(ctx.db, async (tx) => {
        await recordEvent(tx, { type: 'sessions-ended', userId: ids[0]! });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(heard).toEqual([]);
  });

  it('refuses an event in a transaction it cannot run after-commit work for', async () => {
    await expect(
      ctx.db.transaction((tx) => recordEvent(tx, { type: 'sessions-ended', userId: ids[0]! })),
    ).rejects.toThrow(/inTransaction/);
  });
});
