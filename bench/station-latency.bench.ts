import { measureLoad } from './lib/load.js';
import { createScratchDatabase } from './lib/postgres.js';
import { startServer, type RunningServer } from './lib/server.js';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);

async function stationIds(server: RunningServer): Promise<number[]> {
  const response = await fetch(`${server.url}/api/v2/stations/markers/names`);
  const body = (await response.json()) as { data: { ids: number[] } };
  return body.data.ids;
}

async function load(server: RunningServer) {
  const ids = await stationIds(server);
  return measureLoad(
    server.url,
    ids.map((id) => `/api/v2/stations/${id}`),
    { connections: CONNECTIONS, durationS: DURATION_S },
  );
}

/** GET /api/v2/stations/{id} under 50 concurrent connections, PGlite and PostgreSQL side by side. */
export async function benchStationLatency(postgresUrl: string | undefined) {
  const results: Record<string, Awaited<ReturnType<typeof load>>> = {};
  const pglite = await startServer();
  try {
    results.pglite = await load(pglite);
  } finally {
    await pglite.stop();
  }
  if (postgresUrl) {
    const scratch = await createScratchDatabase(postgresUrl, 'ekispot_bench_latency');
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
