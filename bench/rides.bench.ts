import { AUTH_COOKIE_NAME } from '@ekispot/shared';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium.js';
import { onSeededPglite } from './lib/seeded.js';
import { createSessions, sequentialLatency, type Query } from './lib/sessions.js';

/**
 * Rides (docs/rides.md): one member with 2,000 rides spread over every line with three open
 * stations or more, seeded with SQL as runs of 2 to 9 consecutive stations in line order. Measures
 * the member's 乗りつぶし summary one request at a time (p50, p99 of 300) on PGlite, and the
 * nationwide map (`/rides/map`) at 390 × 844 px in headless Chromium from navigation start until
 * it is ready (`data-state="ready"`: the ridden sections loaded and the map idle), cold cache
 * each run.
 */

const RIDES = Number(process.env.BENCH_RIDES ?? 2_000);
const SUMMARY_REQUESTS = 300;
const MAP_RUNS = 5;

async function seed(query: Query) {
  await query(`
    insert into users (id, name, email, password_hash, email_verified_at)
    values (gen_random_uuid(), '乗りつぶしの達人', 'rides-bench@example.jp', 'x', now())`);
  const [user] = (await query(`select id from users where email = 'rides-bench@example.jp'`)).rows;
  const userId = String(user!.id);
  await query(`
    create temporary table ride_lines as
    select line_id, ids, row_number() over (order by line_id) - 1 as n
    from (select line_id, array_agg(id order by seq, id) as ids
          from stations where not closed group by line_id having count(*) >= 3) s`);
  await query(`
    insert into rides (id, user_id, line_id, from_station_id, to_station_id, path, distance_m,
                       ridden_on, is_public)
    select gen_random_uuid(), '${userId}', l.line_id, r.p[1], r.p[cardinality(r.p)], r.p,
           1000 * cardinality(r.p), date '2016-01-01' + (g * 37) % 3650, g % 3 = 0
    from generate_series(1, ${RIDES}) g
    join ride_lines l on l.n = (g * 7919) % (select count(*) from ride_lines)
    cross join lateral (
      select l.ids[s : least(s + 1 + (g * 13) % 8, cardinality(l.ids))] as p
      from (select 1 + (g * 31) % (cardinality(l.ids) - 1) as s) x) r
    where cardinality(r.p) >= 2`);
  const [count] = (await query(`select count(*)::int as n from rides`)).rows;
  const [token] = await createSessions(query, [userId]);
  return { token: token!, rides: Number(count!.n) };
}

export async function benchRides() {
  return onSeededPglite({
    name: 'rides',
    seed,
    measure: async (server, seeded) => {
      const summaryUrl = `${server.url}/api/v2/me/rides/summary`;
      // The first answer builds the network once per station data version: not a member's wait.
      await sequentialLatency(summaryUrl, seeded.token, 3);
      const summary = await sequentialLatency(summaryUrl, seeded.token, SUMMARY_REQUESTS);
      const map = await mapReady(server.url, seeded.token);
      return { rides: seeded.rides, summary, map_ready_390px: map };
    },
  });
}

async function mapReady(baseUrl: string, token: string) {
  const executablePath = findChromium();
  if (!executablePath) return { skipped: 'no Chromium found' };
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const times: number[] = [];
  let features = 0;
  try {
    for (let run = 0; run < MAP_RUNS; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        locale: 'ja-JP',
        serviceWorkers: 'block',
      });
      await context.addCookies([{ name: AUTH_COOKIE_NAME, value: token, url: baseUrl }]);
      const page = await context.newPage();
      await page.goto(`${baseUrl}/rides/map`, { waitUntil: 'commit' });
      await page.waitForSelector('[data-testid="rides-map"][data-state="ready"]', {
        timeout: 60_000,
      });
      const ms = await page.evaluate(() => performance.now());
      features = Number(
        await page.locator('[data-testid="rides-map"]').getAttribute('data-features'),
      );
      times.push(Math.round(ms));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  times.sort((a, b) => a - b);
  return { runs: times, median_ms: times[Math.floor(times.length / 2)], features };
}
