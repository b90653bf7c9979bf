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
  } = {},
): Promise<LoadResult> {
  const { connections = 50, durationS = DURATION_S, warmUpS = 3, headers } = options;
  let next = 0;
  const path = () => paths[(next = (next + 7919) % paths.length)]!;
  const requests = [{ setupRequest: (request: object) => ({ ...request, path: path() }) }];
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
