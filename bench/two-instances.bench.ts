import autocannon from 'autocannon';
import { startRoundRobinProxy } from '../apps/api/test/round-robin-proxy.js';
import { freePort } from '../apps/api/test/free-port.js';
import { createScratchDatabase } from './lib/postgres.js';
import { startServer, type RunningServer } from './lib/server.js';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 15);
/** The rolling restart runs this long under load; each instance restarts once in it. */
const ROLLING_S = Number(process.env.BENCH_ROLLING_S ?? 60);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function stationPaths(url: string): Promise<() => string> {
  const response = await fetch(`${url}/api/v2/stations/markers/names`);
  const ids = ((await response.json()) as { data: { ids: number[] } }).data.ids;
  let next = 0;
  // A fixed stride over the ids: every run asks for the same spread of stations.
  return () => `/api/v2/stations/${ids[(next = (next + 7919) % ids.length)]}`;
}

function measure(url: string, path: () => string, seconds: number) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ setupRequest: (request) => ({ ...request, path: path() }) }],
  });
}

function summary(result: autocannon.Result) {
  return {
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Two instances against one, both behind the same round-robin proxy (a load balancer with
 * readiness checks and retry of failed connections, as docs/deploy.md sets up), on one
 * PostgreSQL and one Redis; then a rolling restart of both under the same load, counting
 * errors. GET /api/v2/stations/{id} at 50 connections. Needs BENCH_POSTGRES_URL; uses
 * BENCH_REDIS_URL when set.
 */
export async function benchTwoInstances(postgresUrl: string | undefined, redisUrl?: string) {
  if (!postgresUrl) return { skipped: 'needs BENCH_POSTGRES_URL (instances share one PostgreSQL)' };
  const scratch = await createScratchDatabase(postgresUrl, 'ekispot_bench_two');
  const env = {
    REDIS_URL: redisUrl ?? '',
    REDIS_KEY_PREFIX: `ekispot-bench-${process.pid}:`,
    // The bench's proxy is the one in front: it appends the client's address.
    TRUST_PROXY: '1',
    // Readiness turns 503 this long before the listener closes: the proxy checks every 250 ms.
    SHUTDOWN_DELAY_MS: '1500',
  };
  const ports = [await freePort(), await freePort()];
  const start = (port: number) => startServer({ databaseUrl: scratch.url, env, port });
  const servers: RunningServer[] = [];
  const proxy = await startRoundRobinProxy([], {
    readinessPath: '/api/v2/health/ready',
    checkEveryMs: 250,
  });
  try {
    // The first start imports the stations; the second finds them.
    servers.push(await start(ports[0]!));
    servers.push(await start(ports[1]!));
    const path = await stationPaths(servers[0]!.url);

    proxy.setBackends([servers[0]!.url]);
    await measure(proxy.url, path, 3);
    const one = summary(await measure(proxy.url, path, DURATION_S));

    proxy.setBackends(servers.map((server) => server.url));
    await measure(proxy.url, path, 3);
    const two = summary(await measure(proxy.url, path, DURATION_S));

    // Rolling restart: each instance in turn gets SIGTERM, exits, and is started again on
    // its port while the other serves; the proxy follows their readiness.
    const retriedBefore = proxy.stats().retried;
    const load = measure(proxy.url, path, ROLLING_S);
    const restarts: { instance: number; down_ms: number }[] = [];
    for (const index of [0, 1]) {
      await sleep((ROLLING_S * 1000) / 5);
      const began = Date.now();
      await servers[index]!.stop();
      servers[index] = await start(ports[index]!);
      restarts.push({ instance: index + 1, down_ms: Date.now() - began });
    }
    const rolling = summary(await load);
    return {
      request: 'GET /api/v2/stations/{id}',
      connections: CONNECTIONS,
      redis: Boolean(redisUrl),
      one_instance: one,
      two_instances: two,
      two_vs_one: Number((two.requests_per_s / Math.max(one.requests_per_s, 1)).toFixed(2)),
      rolling_restart: {
        seconds: ROLLING_S,
        ...rolling,
        restarts,
        connections_retried_by_proxy: proxy.stats().retried - retriedBefore,
      },
    };
  } finally {
    await proxy.close();
    await Promise.all(servers.map((server) => server.stop()));
    await scratch.drop();
  }
}
