import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

export interface LoadResult {
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
}

export const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);

/**
 * The one load loop of the benchmarks: a short warm-up (JIT, caches), then `connections`
 * concurrent clients for `durationS`, walking `paths` with a fixed stride so every run asks for
 * the same spread. Anything but a 2xx counts as an error.
 */
export async function measureLoad(
  url: string,
  paths: string[],
  options: {
    connections?: number;
    durationS?: number;
    warmUpS?: number;
    headers?: Record<string, string>;
    /** Each request signs in as the next of these Bearer tokens (many members, not one). */
    tokens?: string[];
  } = {},
): Promise<LoadResult> {
  const { connections = 50, durationS = DURATION_S, warmUpS = 3, headers, tokens = [] } = options;
  let next = 0;
  let nextToken = 0;
  const path = () => paths[(next = (next + 7919) % paths.length)]!;
  const signedIn = (request: autocannon.Request) =>
    tokens.length === 0
      ? request
      : {
          ...request,
          headers: {
            ...request.headers,
            authorization: `Bearer ${tokens[(nextToken = (nextToken + 1) % tokens.length)]}`,
          },
        };
  const requests: autocannon.Request[] = [
    { setupRequest: (request) => signedIn({ ...request, path: path() }) },
  ];
  if (warmUpS > 0)
    await autocannon({
      url,
      connections: Math.min(10, connections),
      duration: warmUpS,
      requests,
      headers,
    });
  const result = await autocannon({ url, connections, duration: durationS, requests, headers });
  return {
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const autocannonCli = path.resolve(
  import.meta.dirname,
  '../../node_modules/autocannon/autocannon.js',
);

/**
 * One path at `connections` for `durationS`, driven from a process of its own (autocannon's
 * command line): a benchmark that seeded an embedded database in its own process would
 * otherwise pause its load loop to collect that garbage, and count the pauses as latency.
 */
export async function measureLoadApart(
  url: string,
  options: { connections: number; durationS: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => [
    '-H',
    `${name}=${value}`,
  ]);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      autocannonCli,
      '-j',
      '-c',
      String(options.connections),
      '-d',
      String(options.durationS),
      ...headerArgs,
      url,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const result = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
  return {
    requests_per_s: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
