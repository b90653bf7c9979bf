import { recordResponses, startBareServer } from './lib/bare-server.js';
import { measureLoad, type LoadResult } from './lib/load.js';
import { createScratchDatabase } from './lib/postgres.js';
import { startServer, type RunningServer } from './lib/server.js';

/**
 * Each station read against the physical limit of the machine, in the same run: a bare
 * `node:http` server answering the very same bytes (docs/benchmarks.md#compared-with-a-bare-server).
 * 50 connections, BENCH_DURATION_S seconds (default 8) each, Ekispot and bare in turn.
 */
export const COMPARED_ENDPOINTS: Record<string, string> = {
  station_detail: '/api/v2/stations/1130101',
  station_search: `/api/v2/stations/search?q=${encodeURIComponent('新宿')}`,
  station_nearby: '/api/v2/stations/nearby?lat=35.6812&lng=139.7671',
  station_markers: '/api/v2/stations/markers',
  // The station's page, drawn on the server and kept (docs/architecture.md#page-cache): its
  // target is 30 % of the bare server sending the same HTML.
  station_page: '/station/1130101',
};

interface Compared {
  ekispot: LoadResult;
  bare: LoadResult;
  /** Ekispot's throughput as a share of the bare server's. */
  share_of_limit: number;
}

async function compare(server: RunningServer): Promise<Record<string, Compared>> {
  const paths = Object.values(COMPARED_ENDPOINTS);
  const bare = await startBareServer(await recordResponses(server, paths));
  try {
    const results: Record<string, Compared> = {};
    for (const [name, path] of Object.entries(COMPARED_ENDPOINTS)) {
      const ekispot = await measureLoad(server.url, [path]);
      const limit = await measureLoad(bare.url, [path]);
      results[name] = {
        ekispot,
        bare: limit,
        share_of_limit: Math.round((ekispot.requests_per_s / limit.requests_per_s) * 1000) / 1000,
      };
    }
    return results;
  } finally {
    await bare.stop();
  }
}

export function printComparison(label: string, results: Record<string, Compared>) {
  console.error(`\n${label}: Ekispot vs bare node:http (same bytes, 50 connections)`);
  for (const [name, r] of Object.entries(results)) {
    console.error(
      `  ${name.padEnd(16)} ${String(r.ekispot.requests_per_s).padStart(6)} req/s p99 ${String(r.ekispot.p99_ms).padStart(4)} ms` +
        ` | bare ${String(r.bare.requests_per_s).padStart(6)} req/s p99 ${String(r.bare.p99_ms).padStart(4)} ms` +
        ` | ${(r.share_of_limit * 100).toFixed(1)} % of the limit`,
    );
  }
}

export async function benchCompare(postgresUrl: string | undefined) {
  const results: Record<string, Record<string, Compared>> = {};
  const pglite = await startServer();
  try {
    results.pglite = await compare(pglite);
    printComparison('PGlite', results.pglite);
  } finally {
    await pglite.stop();
  }
  if (postgresUrl) {
    const scratch = await createScratchDatabase(postgresUrl, 'ekispot_bench_compare');
    const server = await startServer({ databaseUrl: scratch.url });
    try {
      results.postgres = await compare(server);
      printComparison('PostgreSQL', results.postgres);
    } finally {
      await server.stop();
      await scratch.drop();
    }
  }
  return results;
}
