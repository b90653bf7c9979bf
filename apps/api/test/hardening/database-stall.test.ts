import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadStationReadModel } from '../../src/modules/stations/stations.service.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { createTestDatabase, testConfig, testDriver } from '../test-app.js';

/**
 * A database that stops answering (frozen, overloaded, a lock held forever) must not hang
 * the app: /health says 503 after its deadline, and other requests fail with 503 instead of
 * waiting. How long that takes is measured by no test (docs/testing.md#no-clocks).
 *
 * PostgreSQL: the app connects through a TCP proxy that the test freezes, exactly as a
 * server paused with SIGSTOP behaves (connections open, nothing comes back).
 * PGlite: one connection, so a transaction that never ends holds every other query back.
 */

// Longer than /health's own deadline (1.5 s, health.routes.ts), which the test relies on, and
// long enough that loading the station read model through the proxy on a machine busy with
// the rest of the suite finishes within it (at 1 s it once did not).
const DATABASE_TIMEOUT_MS = 2_500;

/** Forwards TCP to PostgreSQL until frozen; frozen, it holds back everything either way. */
function createFreezableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const held: (() => void)[] = [];
  let frozen = false;
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      if (frozen) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
    from.on('close', () => to.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const flush of held.splice(0)) flush();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let proxy: ReturnType<typeof createFreezableProxy> | undefined;
let releaseStall: (() => void) | undefined;

async function stall() {
  if (proxy) {
    proxy.freeze();
    return;
  }
  // PGlite runs one query at a time: an open transaction holds the rest back.
  const released = new Promise<void>((resolve) => (releaseStall = resolve));
  let started!: () => void;
  const inside = new Promise<void>((resolve) => (started = resolve));
  void database.db.transaction(async () => {
    started();
    await released;
  });
  await inside;
}

function unstall() {
  proxy?.thaw();
  releaseStall?.();
}

beforeAll(async () => {
  if (testDriver === 'postgres') {
    const admin = new URL(inject('testDatabaseUrl') ?? '');
    const freezable = createFreezableProxy({
      host: admin.hostname,
      port: Number(admin.port || 5432),
    });
    proxy = freezable;
    const port = await freezable.listen();
    database = await createTestDatabase({
      timeoutMs: DATABASE_TIMEOUT_MS,
      connectVia: (url) => {
        const parsed = new URL(url);
        parsed.hostname = '127.0.0.1';
        parsed.port = String(port);
        return parsed.toString();
      },
    });
  } else {
    database = await createTestDatabase();
  }
  app = await buildApp(testConfig({ REQUEST_TIMEOUT_MS: '3000' }), { db: database.db });
  await app.ready();
  // The server loads the station read model before it listens (server.ts); so does this app,
  // or its first station read would load it while the database is frozen (and on a busy
  // machine, loading it inside a 3 s request could itself time out).
  await loadStationReadModel(database.db);
  expect((await app.inject('/api/v2/stations/1130208')).statusCode).toBe(200);
}, 120_000);

afterAll(async () => {
  unstall();
  await app?.close();
  await database?.close();
  proxy?.close();
});

describe('a database that stops answering', () => {
  it('is reported by /health with 503 while it is still stalled, and recovers', async () => {
    expect((await app.inject('/api/v2/health')).statusCode).toBe(200);
    await stall();
    // The stall lasts until unstall(): every answer below comes while it holds, so none of
    // them waited for the database (the health deadline is 1.5 s, health.routes.ts).
    const health = await app.inject('/api/v2/health');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ success: false, status: 503, data: null });
    expect(health.headers['retry-after']).toBeDefined();

    const read = await app.inject('/api/v2/stations/1130208');
    expect(read.statusCode).toBe(503);
    expect(read.json()).toMatchObject({ success: false, status: 503 });
    expect(read.json().message).toContain('しばらく待って');

    unstall();
    let recovered = 0;
    for (let attempt = 0; attempt < 20 && recovered !== 200; attempt += 1) {
      recovered = (await app.inject('/api/v2/health')).statusCode;
      if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(recovered).toBe(200);
  }, 60_000);
});
