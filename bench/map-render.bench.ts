import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../e2e/support/chromium.js';
import { startServer } from './lib/server.js';

const RUNS = 5;

/**
 * Time from navigation start until the top map reports all station markers drawn
 * (`data-map-ready="true"`), cold cache each run, in headless Chromium (SwiftShader).
 */
export async function benchMapRender() {
  const executablePath = findChromium();
  if (!executablePath) return { skipped: 'no Chromium found' };
  const server = await startServer();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const started = Date.now();
      await page.goto(server.url, { waitUntil: 'commit' });
      await page.locator('[data-map-ready="true"]').waitFor({ timeout: 60_000 });
      times.push(Date.now() - started);
      await context.close();
    }
    times.sort((a, b) => a - b);
    return {
      runs: RUNS,
      median_ms: times[Math.floor(RUNS / 2)],
      min_ms: times[0],
      max_ms: times[RUNS - 1],
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
