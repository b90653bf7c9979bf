import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import sharp from 'sharp';
import { freePort } from '../apps/api/test/free-port.js';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium.js';
import { onSeededPglite } from './lib/seeded.js';
import type { RunningServer } from './lib/server.js';
import { createSessions, idsOf, seedUsers } from './lib/sessions.js';

/**
 * Lighthouse in its default mobile mode (a mid-range phone: simulated slow 4G and a 4× slower
 * CPU) on the built app, for the pages people reach from a link: a station, a post with a
 * photo, a list, and the top map (docs/benchmarks.md#lighthouse). Each page is measured
 * `BENCH_LIGHTHOUSE_RUNS` times (3) in a fresh headless Chromium profile; the run with the
 * median performance score is reported.
 */

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Only these pages (comma-separated names, e.g. `station,list`); all when unset. */
const ONLY_PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
/** A folder to keep each run's whole Lighthouse report in (JSON), for a closer look. */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
const TOKYO = 1130101;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  fcp_ms: 'first-contentful-paint',
  lcp_ms: 'largest-contentful-paint',
  tbt_ms: 'total-blocking-time',
  si_ms: 'speed-index',
  cls: 'cumulative-layout-shift',
} as const;

export interface LighthouseRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<keyof typeof METRICS, number>;
  /** The audits that cost points outside performance (what to fix for 100). */
  failing: string[];
}

/** A headless Chromium that Lighthouse drives over its DevTools port. */
async function startChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const executable = findChromium('full');
  if (!executable) throw new Error('Chromium not found (apt-get install chromium)');
  const port = await freePort();
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-lighthouse-'));
  const child: ChildProcess = spawn(
    executable,
    [
      '--headless',
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('Chromium did not open its DevTools port');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await fs.rm(profile, { recursive: true, force: true });
    },
  };
}

async function audit(url: string): Promise<LighthouseRun> {
  const chromium = await startChromium();
  try {
    const result = await lighthouse(url, {
      port: chromium.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (REPORT_DIR) {
      await fs.mkdir(REPORT_DIR, { recursive: true });
      const name = `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`;
      await fs.writeFile(path.join(REPORT_DIR, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as LighthouseRun['scores'];
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([key, id]) => {
        const value = lhr.audits[id]?.numericValue ?? Number.NaN;
        return [key, key === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value)];
      }),
    ) as LighthouseRun['metrics'];
    const failing = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}: ${ref.id}`),
    );
    return { scores, metrics, failing };
  } finally {
    await chromium.stop();
  }
}

/**
 * One run, tried again once when Lighthouse itself failed to record it (its runtime errors, such
 * as NO_NAVSTART, ask for exactly that).
 */
async function auditOnce(url: string): Promise<LighthouseRun> {
  try {
    return await audit(url);
  } catch (error) {
    console.warn(`Lighthouse run failed, trying again: ${String(error)}`);
    return audit(url);
  }
}

/** The run with the median performance score of `RUNS`. */
async function measurePage(url: string): Promise<LighthouseRun & { runs: number[] }> {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await auditOnce(url));
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return { ...median, runs: runs.map((run) => run.scores.performance) };
}

/** A post with a photo at 東京 and a list holding the station and the post, made over the API. */
async function createContent(server: RunningServer, token: string) {
  const call = async (method: string, url: string, body: FormData | object) => {
    const response = await fetch(`${server.url}/api/v2${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(!(body instanceof FormData) && { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: { id: string } }).data;
  };
  // A photo-like picture: a gradient at a phone camera's 4:3, large enough to be resized.
  const photo = await sharp({
    create: { width: 2000, height: 1500, channels: 3, background: { r: 40, g: 110, b: 160 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1500"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#f4d58d"/><stop offset="1" stop-color="#2b4a7a"/></linearGradient></defs><rect width="2000" height="1500" fill="url(#g)"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
  const form = new FormData();
  form.set('kind', 'image');
  form.set('station_group_id', String(TOKYO));
  // A place of its own, so the post page has its map (docs/map.md#map-images).
  form.set('lat', '35.6804');
  form.set('lng', '139.7651');
  form.set('title', '丸の内駅舎のドーム');
  form.set('body', '南口のドーム天井を見上げて。干支のレリーフが八方に並んでいます。');
  form.append('images[0]', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'dome.jpg');
  const post = await call('POST', '/posts', form);
  const list = await call('POST', '/lists', {
    title: '東京駅の建築めぐり',
    description: '丸の内駅舎と周辺の見どころ',
  });
  await call('POST', `/lists/${list.id}/items`, { station_group_id: TOKYO, note: '' });
  await call('POST', `/lists/${list.id}/items`, { post_id: post.id, note: '' });
  return { postId: post.id, listId: list.id };
}

export async function benchLighthouse() {
  return onSeededPglite({
    name: 'lighthouse',
    seed: async (query) => {
      await seedUsers(query, 1, 'lighthouse');
      const [token] = await createSessions(query, await idsOf(query, 1, 1));
      return { token: token! };
    },
    measure: async (server, { token }) => {
      const { postId, listId } = await createContent(server, token);
      const pages = {
        station: `/station/${TOKYO}`,
        post_with_photo: `/post/${postId}`,
        list: `/list/${listId}`,
        map: '/',
      };
      const results: Record<string, unknown> = { runs_per_page: RUNS };
      for (const [name, pagePath] of Object.entries(pages)) {
        if (ONLY_PAGES && !ONLY_PAGES.includes(name)) continue;
        results[name] = { path: pagePath, ...(await measurePage(`${server.url}${pagePath}`)) };
      }
      return results;
    },
  });
}
