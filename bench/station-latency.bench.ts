import autocannon from 'autocannon';
import { createScratchDatabase } from './lib/postgres.js';
import { startServer, type RunningServer } from './lib/server.js';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);

async function stationIds(server: RunningServer): Promise<number[]> {
  const response = await fetch(`${server.url}/api/v2/stations/markers`);
  const body = (await response.json()) as { data: { ids: number[] } };
  return body.data.ids;
}

async function load(server: RunningServer) {
  const ids = await stationIds(server);
  let next = 0;
  // Walk the ids with a fixed stride so every run asks for the same spread of stations.
  const path = () => `/api/v2/stations/${ids[(next = (next + 7919) % ids.length)]}`;
  // Warm up caches and JIT before measuring.
  await autocannon({
    url: server.url,
    connections: 10,
    duration: 3,
    requests: [{ setupRequest: (r) => ({ ...r, path: path() }) }],
  });
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }],
  });
  return {
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
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
