import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchArchive } from './archive.bench.js';
import { benchAuthTiming } from './auth-timing.bench.js';
import { benchCompare } from './compare.bench.js';
import { benchImages } from './images.bench.js';
import { benchImport } from './import.bench.js';
import { benchLighthouse } from './lighthouse.bench.js';
import { benchLists } from './lists.bench.js';
import { benchMapRender } from './map-render.bench.js';
import { benchMarkers } from './markers.bench.js';
import { benchMemberReads } from './member-reads.bench.js';
import { benchNotifications } from './notifications.bench.js';
import { benchPageRenders } from './page-renders.bench.js';
import { benchPeople } from './people.bench.js';
import { benchPosts } from './posts.bench.js';
import { benchPostSearch } from './post-search.bench.js';
import { benchRankings } from './rankings.bench.js';
import { benchRides } from './rides.bench.js';
import { benchSearch } from './search.bench.js';
import { benchStationLatency } from './station-latency.bench.js';
import { benchTwoInstances } from './two-instances.bench.js';
import { benchTimeline } from './timeline.bench.js';
import { benchUploadFlood } from './upload-flood.bench.js';

/**
 * npm run bench  (after `npm run build`). Set BENCH_POSTGRES_URL (e.g.
 * postgres://postgres@127.0.0.1:5432/postgres) to run the PostgreSQL side too (and the
 * two-instance run, which also uses BENCH_REDIS_URL, e.g. redis://127.0.0.1:6379).
 * Prints JSON and writes bench/results/latest.json.
 */
const postgresUrl = process.env.BENCH_POSTGRES_URL;
const only = process.argv.slice(2);
const want = (name: string) => only.length === 0 || only.includes(name);

const machine = {
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
  memory_gib: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
};
const results: Record<string, unknown> = { date: new Date().toISOString(), machine };

if (want('auth-timing')) results.auth_timing = await benchAuthTiming();
if (want('compare')) results.compare = await benchCompare(postgresUrl);
if (want('import')) results.import = await benchImport(postgresUrl);
if (want('markers')) results.markers = await benchMarkers();
if (want('station')) results.station_detail = await benchStationLatency(postgresUrl);
if (want('search')) results.station_search = await benchSearch(postgresUrl);
if (want('post-search')) results.post_search = await benchPostSearch(postgresUrl);
if (want('posts')) results.posts = await benchPosts(postgresUrl);
if (want('people')) results.people = await benchPeople(postgresUrl);
if (want('rankings')) results.rankings = await benchRankings(postgresUrl);
if (want('rides')) results.rides = await benchRides();
if (want('timeline')) results.timeline = await benchTimeline(postgresUrl);
if (want('notifications')) results.notifications = await benchNotifications(postgresUrl);
if (want('lists')) results.lists = await benchLists(postgresUrl);
if (want('members')) results.member_reads = await benchMemberReads(postgresUrl);
if (want('images')) results.images = await benchImages(postgresUrl);
if (want('map')) results.map_first_render = await benchMapRender();
if (want('lighthouse')) results.lighthouse = await benchLighthouse();
if (want('flood')) results.upload_flood = await benchUploadFlood();
if (want('renders')) results.page_renders = await benchPageRenders();
if (want('archive')) results.archive = await benchArchive(postgresUrl);
if (want('two'))
  results.two_instances = await benchTwoInstances(postgresUrl, process.env.BENCH_REDIS_URL);

console.log(JSON.stringify(results, null, 2));
const out = path.join(import.meta.dirname, 'results');
await fs.mkdir(out, { recursive: true });
await fs.writeFile(path.join(out, 'latest.json'), JSON.stringify(results, null, 2));
