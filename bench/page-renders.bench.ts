import autocannon from 'autocannon';
import { DURATION_S, measureLoadApart, type LoadResult } from './lib/load.js';
import { startServer, type RunningServer } from './lib/server.js';

/**
 * The station API while 50 loops ask for pages the server has not kept
 * (docs/security.md#pages-are-keyed-on-what-they-read): each loop asks for a station page with a
 * random query string no page reads (`?cb=`, sent on to the clean address), a station page of a
 * random station, or the member directory with a random search (`?q=`, which the page reads: a
 * render each). Target: station API p99 ≤ 100 ms while the loops run.
 */

const LOOPS = 50;
const STATION_READERS = 10;
const STATION = '/api/v2/stations/1130101';

/** Fixed seed: every run asks for the same addresses. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state;
  };
}

async function stationIds(server: RunningServer): Promise<number[]> {
  const response = await fetch(`${server.url}/api/v2/stations/markers/names`);
  const body = (await response.json()) as { data: { ids: number[] } };
  return body.data.ids;
}

interface LoopResult {
  requests: number;
  by_status: Record<string, number>;
}

/** The render loops: autocannon in this process, the station readers in another. */
function renderLoops(server: RunningServer, ids: number[], durationS: number) {
  const next = seeded(45);
  const pathOf = () => {
    const n = next();
    if (n % 3 === 0) return `/station/1130101?cb=${n.toString(36)}`;
    if (n % 3 === 1) return `/station/${ids[n % ids.length]}`;
    return `/users?q=${n.toString(36)}`;
  };
  const byStatus: Record<string, number> = {};
  return autocannon({
    url: server.url,
    connections: LOOPS,
    duration: durationS,
    headers: { accept: 'text/html', 'accept-encoding': 'br' },
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: pathOf() }),
        onResponse: (status) => {
          byStatus[status] = (byStatus[status] ?? 0) + 1;
        },
      },
    ],
  }).then((result): LoopResult => ({ requests: result.requests.total, by_status: byStatus }));
}

export async function benchPageRenders(): Promise<{
  station_alone: LoadResult;
  station_under_render_loops: LoadResult;
  render_loops: LoopResult;
}> {
  const server = await startServer();
  try {
    const ids = await stationIds(server);
    const url = `${server.url}${STATION}`;
    const station_alone = await measureLoadApart(url, {
      connections: STATION_READERS,
      durationS: DURATION_S,
    });
    const loops = renderLoops(server, ids, DURATION_S + 2);
    const station_under_render_loops = await measureLoadApart(url, {
      connections: STATION_READERS,
      durationS: DURATION_S,
    });
    return { station_alone, station_under_render_loops, render_loops: await loops };
  } finally {
    await server.stop();
  }
}
