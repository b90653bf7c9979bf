import { measureLoad } from './lib/load.js';
import { createScratchDatabase } from './lib/postgres.js';
import { startServer, type RunningServer } from './lib/server.js';

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);

/**
 * What people type: names, member station names, kana (whole and partial), romaji, line names,
 * and one-character queries that match thousands of terms (the worst case).
 */
export const SEARCH_QUERIES = [
  '新宿',
  'しんじゅく',
  'シンジュク',
  'しんじゅ',
  'shinjuku',
  '梅田',
  '大阪梅田',
  'とうきょう',
  'tokyo',
  '山手線',
  '横浜',
  '京都駅',
  'はなてん',
  '中央',
  '大',
  'さ',
];

async function load(server: RunningServer) {
  return measureLoad(
    server.url,
    SEARCH_QUERIES.map((q) => `/api/v2/stations/search?q=${encodeURIComponent(q)}`),
    { connections: CONNECTIONS, durationS: DURATION_S, warmUpS: 3 },
  );
}

/** GET /api/v2/stations/search over a mix of queries, 10 connections, PGlite and PostgreSQL. */
export async function benchSearch(postgresUrl: string | undefined) {
  const results: Record<string, Awaited<ReturnType<typeof load>>> = {};
  const pglite = await startServer();
  try {
    results.pglite = await load(pglite);
  } finally {
    await pglite.stop();
  }
  if (postgresUrl) {
    const scratch = await createScratchDatabase(postgresUrl, 'ekispot_bench_search');
    const server = await startServer({ databaseUrl: scratch.url });
    try {
      results.postgres = await load(server);
    } finally {
      await server.stop();
      await scratch.drop();
    }
  }
  return results;
}
