import { decodeStationMarkers } from '@ekispot/shared';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium.js';
import { recordResponses } from './lib/bare-server.js';
import { startCountingProxy } from './lib/counting-proxy.js';
import { startLeafletPage } from './lib/leaflet-page.js';
import { startMaplibreFloorPage } from './lib/maplibre-floor-page.js';
import { onSeededPglite } from './lib/seeded.js';
import { seedPosts } from './posts.bench.js';
import { startServer } from './lib/server.js';

const RUNS = Number(process.env.BENCH_MAP_RUNS ?? 5);
/** Posts in the database for the last part: the first view with many posts (0: skipped). */
const MANY_POSTS = Number(process.env.BENCH_MAP_POSTS ?? 100_000);
/** The top map's first view and cluster radius (apps/web/src/features/stations/utils/map-view.ts). */
const JAPAN_FIT_BOUNDS: [[number, number], [number, number]] = [
  [122.9, 24.0],
  [145.9, 45.6],
];
const CLUSTER_RADIUS_PX = 80;

interface Transfer {
  url: string;
  type: string;
  status: number;
  bytes: number;
  startedMs: number;
}

/** Every response of a page load with its bytes on the wire (compressed), via the DevTools protocol. */
async function recordTransfers(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  const requests = new Map<string, Transfer>();
  let origin = 0;
  session.on('Network.requestWillBeSent', (event) => {
    if (!origin) origin = event.timestamp;
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      status: 0,
      bytes: 0,
      startedMs: Math.round((event.timestamp - origin) * 1000),
    });
  });
  session.on('Network.responseReceived', (event) => {
    const transfer = requests.get(event.requestId);
    if (transfer) transfer.status = event.response.status;
  });
  session.on('Network.loadingFinished', (event) => {
    const transfer = requests.get(event.requestId);
    if (transfer) transfer.bytes = event.encodedDataLength;
  });
  return () => [...requests.values()];
}

/** A browser that asks to save data: the `Save-Data: on` header and `navigator.connection.saveData`. */
async function askToSaveData(page: Page) {
  await page.context().setExtraHTTPHeaders({ 'Save-Data': 'on' });
  const session = await page.context().newCDPSession(page);
  await session.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
}

async function timeToReady(
  browser: Browser,
  url: string,
  /** For the recorded visit: resolves once the server has gone quiet after the first view. */
  settled?: () => Promise<void>,
  { saveData = false } = {},
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (saveData) await askToSaveData(page);
  const transfers = settled ? await recordTransfers(page) : null;
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  if (saveData) {
    // With Save-Data the page as the server drew it is the first view: the country image and
    // the map's start, nothing loading behind them (docs/pwa.md#save-data-on-the-top-page).
    await page.locator('[data-testid="map-start"]').waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLImageElement>('[data-testid="map-first-view"] img')?.complete,
      undefined,
      { timeout: 60_000 },
    );
  } else await page.locator('[data-map-ready="true"]').waitFor({ timeout: 60_000 });
  const ms = Date.now() - started;
  // The recorded visit is the whole first visit: the service worker's caching once the page is
  // idle too (<html data-offline-ready>, docs/pwa.md#offline); its requests pass the relay. With
  // Save-Data the app (which registers the worker) waits for the visitor: no worker to wait for.
  const offlineReady =
    settled && !saveData
      ? await page
          .waitForSelector('html[data-offline-ready]', { state: 'attached', timeout: 30_000 })
          .then(() => true)
          .catch(() => false)
      : false;
  // Let whatever the first view still asks for arrive (the basemap's details start only now),
  // so the transfer counts it. Playwright's `networkidle` is no use here: it fires once, and
  // often already fired during the map's first frames, before the details were asked for.
  if (settled) await settled();
  const list = transfers?.() ?? [];
  await context.close();
  return { ms, transfers: list, offlineReady };
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

function firstVisit(transfers: Transfer[], wireBytes: number, offlineReady: boolean) {
  const isMapChunk = (t: Transfer) => t.type === 'Script' && /maplibre-gl/.test(t.url);
  const scripts = transfers.filter((t) => t.type === 'Script');
  const at = (pattern: RegExp) => transfers.find((t) => pattern.test(t.url))?.startedMs ?? null;
  return {
    requests: transfers.length,
    /** Whether the service worker said it had cached for offline use before the count ended. */
    offline_ready: offlineReady,
    /** Everything the server sent, the map worker's and the service worker's requests included. */
    total_kb: kb(wireBytes),
    /** What the page's own DevTools session saw (no worker requests). */
    page_kb: kb(transfers.reduce((sum, t) => sum + t.bytes, 0)),
    javascript_kb: kb(scripts.reduce((sum, t) => sum + t.bytes, 0)),
    javascript_before_map_chunk_kb: kb(
      scripts.filter((t) => !isMapChunk(t)).reduce((sum, t) => sum + t.bytes, 0),
    ),
    map_chunk_kb: kb(scripts.filter(isMapChunk).reduce((sum, t) => sum + t.bytes, 0)),
    fonts_kb: kb(transfers.filter((t) => t.type === 'Font').reduce((sum, t) => sum + t.bytes, 0)),
    failed: transfers.filter((t) => t.status >= 400).map((t) => `${t.status} ${t.url}`),
    started_ms: {
      map_chunk: transfers.find(isMapChunk)?.startedMs ?? null,
      station_markers: at(/\/api\/v2\/stations\/markers/),
      post_markers: at(/\/api\/v2\/map\/markers/),
    },
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The top map against a plain Leaflet.markercluster page with the same points
 * (docs/benchmarks.md#map-first-render): from navigation start until all station clusters are
 * drawn (`data-map-ready="true"`), cold cache each run, runs interleaved, headless Chromium at
 * 1280×800 (SwiftShader). Two MapLibre-only pages with the same view show the floor that
 * MapLibre itself sets in this browser. Untimed visits before them record what a first visit
 * transfers, service worker included, as is and with Save-Data: every byte the server sends,
 * through a counting relay, and the page's own requests over the DevTools protocol.
 */
export async function benchMapRender() {
  const executablePath = findChromium('full');
  if (!executablePath) return { skipped: 'no Chromium found' };
  const server = await startServer();
  const [markers] = await recordResponses(server, ['/api/v2/stations/markers']);
  // The peer pages get the same points as plain columns (Ekispot's answer is delta-coded).
  const plainMarkers = Buffer.from(
    JSON.stringify({ data: decodeStationMarkers(JSON.parse(markers!.body.toString('utf8')).data) }),
  );
  const peer = await startLeafletPage({
    markersJson: plainMarkers,
    bounds: JAPAN_FIT_BOUNDS,
    clusterRadius: CLUSTER_RADIUS_PX,
  });
  // MapLibre's own floor in this browser: a background alone, and the clusters alone.
  const floors = await Promise.all(
    (['background', 'clusters'] as const).map((variant) =>
      startMaplibreFloorPage({
        variant,
        markersJson: plainMarkers,
        bounds: JAPAN_FIT_BOUNDS,
        clusterRadius: CLUSTER_RADIUS_PX,
      }),
    ),
  );
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const ekispot: number[] = [];
    const leaflet: number[] = [];
    const floorBackground: number[] = [];
    const floorClusters: number[] = [];
    // Untimed first visits through a counting relay: what the page and its workers receive,
    // as is and when the browser asks to save data.
    const recordFirstVisit = async (saveData: boolean) => {
      const relay = await startCountingProxy(server.url);
      const recorded = await timeToReady(browser, relay.url, () => relay.settled(), { saveData });
      const received = relay.received();
      await relay.stop();
      return firstVisit(recorded.transfers, received, recorded.offlineReady);
    };
    const visit = await recordFirstVisit(false);
    const saveDataVisit = await recordFirstVisit(true);
    for (let run = 0; run < RUNS; run += 1) {
      ekispot.push((await timeToReady(browser, server.url)).ms);
      leaflet.push((await timeToReady(browser, peer.url)).ms);
      floorBackground.push((await timeToReady(browser, floors[0]!.url)).ms);
      floorClusters.push((await timeToReady(browser, floors[1]!.url)).ms);
    }
    const summary = (values: number[]) => ({
      median: median(values),
      min: Math.min(...values),
      max: Math.max(...values),
    });
    // The same first view with many posts in the database (their markers are asked for too).
    const withPosts =
      MANY_POSTS > 0
        ? await onSeededPglite({
            name: 'map-posts',
            seed: (query) => seedPosts(query, MANY_POSTS, false),
            measure: async (seededServer) => {
              const runs: number[] = [];
              for (let run = 0; run < RUNS; run += 1)
                runs.push((await timeToReady(browser, seededServer.url)).ms);
              return runs;
            },
          })
        : null;
    const result = {
      runs: RUNS,
      points: JSON.parse(markers!.body.toString('utf8')).data.count as number,
      ekispot_ms: { median: median(ekispot), min: Math.min(...ekispot), max: Math.max(...ekispot) },
      leaflet_markercluster_ms: {
        median: median(leaflet),
        min: Math.min(...leaflet),
        max: Math.max(...leaflet),
      },
      ratio: Math.round((median(ekispot) / median(leaflet)) * 100) / 100,
      maplibre_background_only_ms: summary(floorBackground),
      maplibre_clusters_only_ms: summary(floorClusters),
      ...(withPosts && {
        [`ekispot_with_${MANY_POSTS}_posts_ms`]: summary(withPosts),
        posts_ratio: Math.round((median(withPosts) / median(ekispot)) * 100) / 100,
      }),
      first_visit: visit,
      first_visit_save_data: saveDataVisit,
    };
    console.error(
      `\nTop map ready: Ekispot ${result.ekispot_ms.median} ms, Leaflet.markercluster ` +
        `${result.leaflet_markercluster_ms.median} ms (medians of ${RUNS}) → ratio ${result.ratio}` +
        `\nMapLibre alone: background ${result.maplibre_background_only_ms.median} ms, clusters ` +
        `${result.maplibre_clusters_only_ms.median} ms` +
        (withPosts
          ? `\nWith ${MANY_POSTS} posts: ${median(withPosts)} ms → ${Math.round((median(withPosts) / median(ekispot)) * 100) / 100} of the empty database`
          : '') +
        `\nFirst visit: ${visit.total_kb} kB (the page's own requests ${visit.page_kb} kB), ` +
        `JavaScript before the map chunk ${visit.javascript_before_map_chunk_kb} kB` +
        `\nFirst visit with Save-Data: ${saveDataVisit.total_kb} kB (the page's own requests ` +
        `${saveDataVisit.page_kb} kB)`,
    );
    return result;
  } finally {
    await browser.close();
    await Promise.all(floors.map((floor) => floor.stop()));
    await peer.stop();
    await server.stop();
  }
}
