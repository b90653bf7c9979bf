import { recordResponses, startBareServer } from './lib/bare-server.js';
import { DURATION_S, measureLoad, type LoadResult } from './lib/load.js';
import { createScratchDatabase } from './lib/postgres.js';
import { startServer, type RunningServer } from './lib/server.js';

/**
 * Each station read against the physical limit of the machine, in the same run: a bare
 * `node:http` server answering the very same bytes (docs/benchmarks.md#compared-with-a-bare-server).
 * 50 connections; after a warm-up of each, Ekispot and bare take turns for BENCH_COMPARE_ROUNDS
 * rounds (default 4) that share BENCH_DURATION_S seconds (default 8) each. A round's share is
 * Ekispot's throughput over the bare server's just after it, so a machine that slows down or
 * speeds up during the run moves both sides of a share; the median share is reported.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_COMPARE_ROUNDS ?? 4));

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
  /** Ekispot's mean throughput over the rounds, its median p50 and p99. */
  ekispot: LoadResult;
  bare: LoadResult;
  /** Ekispot's throughput as a share of the bare server's: the median of the rounds'. */
  share_of_limit: number;
  /** Each round's share, in order. */
  rounds: number[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The rounds of one side as one result: mean throughput, median latencies, all errors. */
function combine(results: LoadResult[]): LoadResult {
  return {
    requests_per_s: Math.round(
      results.reduce((sum, r) => sum + r.requests_per_s, 0) / results.length,
    ),
    p50_ms: median(results.map((r) => r.p50_ms)),
    p99_ms: median(results.map((r) => r.p99_ms)),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  };
}

async function compare(server: RunningServer): Promise<Record<string, Compared>> {
  const paths = Object.values(COMPARED_ENDPOINTS);
  const bare = await startBareServer(await recordResponses(server, paths));
  const round = { durationS: DURATION_S / ROUNDS, warmUpS: 0 };
  try {
    const results: Record<string, Compared> = {};
    for (const [name, path] of Object.entries(COMPARED_ENDPOINTS)) {
      await measureLoad(server.url, [path], { durationS: 3, warmUpS: 0 });
      await measureLoad(bare.url, [path], { durationS: 3, warmUpS: 0 });
      const ekispot: LoadResult[] = [];
      const limit: LoadResult[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        ekispot.push(await measureLoad(server.url, [path], round));
        limit.push(await measureLoad(bare.url, [path], round));
      }
      const rounds = ekispot.map(
        (r, i) => Math.round((r.requests_per_s / limit[i]!.requests_per_s) * 1000) / 1000,
      );
      results[name] = {
        ekispot: combine(ekispot),
        bare: combine(limit),
        share_of_limit: median(rounds),
        rounds,
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
        ` | ${(r.share_of_limit * 100).toFixed(1)} % of the limit` +
        ` (rounds ${r.rounds.map((share) => (share * 100).toFixed(0)).join(' ')})`,
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
