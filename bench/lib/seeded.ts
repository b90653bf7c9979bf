import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createScratchDatabase } from './postgres.js';
import { startServer, type RunningServer } from './server.js';
import type { Query } from './sessions.js';

/**
 * The frame of the data benchmarks: start the server once on a fresh database (it migrates and
 * imports the stations), seed it with plain SQL while no server runs, start it again on the
 * seeded data and measure. The database is removed afterwards.
 */
export interface SeededBench<Seeded, Result> {
  /** Names the scratch PostgreSQL database and the PGlite folder. */
  name: string;
  seed: (query: Query) => Promise<Seeded>;
  measure: (server: RunningServer, seeded: Seeded) => Promise<Result>;
}

async function measureStarted<S, R>(
  bench: SeededBench<S, R>,
  where: { dataDir: string } | { databaseUrl: string },
  seeded: S,
) {
  const server = await startServer(where);
  try {
    return await bench.measure(server, seeded);
  } finally {
    await server.stop();
  }
}

export async function onSeededPglite<S, R>(bench: SeededBench<S, R>): Promise<R> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `ekispot-bench-${bench.name}-`));
  try {
    await (await startServer({ dataDir })).stop();
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pg') });
    const seeded = await bench.seed((sql) => client.query(sql));
    await client.close();
    return await measureStarted(bench, { dataDir }, seeded);
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

export async function onSeededPostgres<S, R>(
  postgresUrl: string,
  bench: SeededBench<S, R>,
): Promise<R> {
  const scratch = await createScratchDatabase(
    postgresUrl,
    `ekispot_bench_${bench.name}_${process.pid}`,
  );
  try {
    await (await startServer({ databaseUrl: scratch.url })).stop();
    const client = new pg.Client({ connectionString: scratch.url });
    // Dropping the scratch database ends this connection; that must not hide a real error.
    client.on('error', () => {});
    await client.connect();
    const seeded = await bench.seed((sql) => client.query(sql));
    await client.end();
    return await measureStarted(bench, { databaseUrl: scratch.url }, seeded);
  } finally {
    await scratch.drop();
  }
}

/**
 * PostgreSQL first (when `postgresUrl` is set), then PGlite unless BENCH_SKIP_PGLITE=1. Each side
 * is logged as soon as it is done, so a long run keeps what it measured.
 */
export async function onBothDatabases<S, R>(
  postgresUrl: string | undefined,
  bench: SeededBench<S, R>,
): Promise<{ postgres?: R; pglite?: R }> {
  const postgres = postgresUrl ? await onSeededPostgres(postgresUrl, bench) : undefined;
  if (postgres) console.error(JSON.stringify({ [`${bench.name}_postgres`]: postgres }));
  const pglite = process.env.BENCH_SKIP_PGLITE === '1' ? undefined : await onSeededPglite(bench);
  if (pglite) console.error(JSON.stringify({ [`${bench.name}_pglite`]: pglite }));
  return { ...(postgres ? { postgres } : {}), ...(pglite ? { pglite } : {}) };
}
