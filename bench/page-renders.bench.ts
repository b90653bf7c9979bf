import autocannon from 'autocannon';
import { DURATION_S, measureLoadApart, type LoadResult } from './lib/load.js';
import { startServer, type RunningServer } from './lib/server.js';

/**
 * The station API while 50 loops ask for pages the server has not kept
 * (docs/security.md#pages-are-keyed-on-what-they-read), 10 connections reading it. First the
 * outside probe's loops (a station page with a random query string no page reads, now sent on to
 * the clean address): target station API p99 ≤ 100 ms while they run. Then loops of pages that
 * are each a real render, which only the render gate bounds.
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

/**
 * The loops: `probe`, the outside probe's loop exactly (a station page with a random `?cb=`);
 * `renders`, pages that are each a render (a random station, a directory search with a random
 * `?q=`, which the page reads). autocannon in this process, the station readers in another.
 */
function renderLoops(
  server: RunningServer,
  ids: number[],
  scenario: 'probe' | 'renders',
  durationS: number,
) {
  const next = seeded(45);
  const pathOf = () => {
    const n = next();
    if (scenario === 'probe') return `/station/1130101?cb=${n.toString(36)}`;
    return n % 2 === 0 ? `/station/${ids[n % ids.length]}` : `/users?q=${n.toString(36)}`;
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

interface UnderLoops {
  station: LoadResult;
  loops: LoopResult;
}

export async function benchPageRenders(): Promise<{
  station_alone: LoadResult;
  probe: UnderLoops;
  renders: UnderLoops;
}> {
  const server = await startServer();
  try {
    const ids = await stationIds(server);
    const url = `${server.url}${STATION}`;
    const readers = { connections: STATION_READERS, durationS: DURATION_S };
    const station_alone = await measureLoadApart(url, readers);
    const under = async (scenario: 'probe' | 'renders'): Promise<UnderLoops> => {
      const loops = renderLoops(server, ids, scenario, DURATION_S + 2);
      const station = await measureLoadApart(url, readers);
      return { station, loops: await loops };
    };
    const probe = await under('probe');
    const renders = await under('renders');
    return { station_alone, probe, renders };
  } finally {
    await server.stop();
  }
}
