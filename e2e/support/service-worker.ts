import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium.js';
import { apiLogin } from './api-login.js';

/** A Bearer token of a new session of the member, through the API (another client's). */
export async function apiToken(member: { email: string; password: string }): Promise<string> {
  return (await apiLogin(member)).token;
}

/**
 * Installed, active and in control of the page from its start. The first load is not: the worker
 * takes the page over (clients.claim) part way, so reads made before that never went through it
 * and are not cached. Reload once the worker is ready, so the page's every read goes through it,
 * and wait until the worker has cached what the idle page asked it to (`<html
 * data-offline-ready>`, docs/pwa.md#offline).
 */
export async function waitForWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect
    .poll(() =>
      page.evaluate(() => {
        const [navigation] = performance.getEntriesByType(
          'navigation',
        ) as PerformanceNavigationTiming[];
        return navigator.serviceWorker.controller !== null && (navigation?.workerStart ?? 0) > 0;
      }),
    )
    .toBe(true);
  await page.waitForSelector('html[data-offline-ready]', { state: 'attached', timeout: 30_000 });
}

/** What the worker holds: the shell's page and offline page, and the build's files it keeps. */
export async function cached(page: Page) {
  return page.evaluate(async () => {
    const paths = async (name: string) =>
      (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    return {
      shellPage: (await caches.match('/index.html')) !== undefined,
      offlinePage: (await caches.match('/offline.html')) !== undefined,
      assets: await paths('ekispot-assets-v1'),
      loaded: performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/assets/')),
    };
  });
}

/** Whose each kept member read and page is (docs/pwa.md#whose-data): the owner tags, sorted. */
export async function cacheOwners(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const owners = new Set<string>();
    for (const name of ['ekispot-member-v1', 'ekispot-pages-v1']) {
      const cache = await caches.open(name);
      for (const request of await cache.keys())
        owners.add((await cache.match(request))?.headers.get('X-Ekispot-Owner') ?? 'untagged');
    }
    return [...owners].sort();
  });
}

/**
 * One browser profile kept on disk, as a person's browser is: closed and opened again, it keeps
 * its service worker, caches and IndexedDB. A phone at 390 px with the worker allowed.
 */
export async function persistentProfile() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-profile-'));
  const launch = (): Promise<BrowserContext> =>
    chromium.launchPersistentContext(dir, {
      executablePath: inject('chromiumPath') ?? undefined,
      args: CHROMIUM_ARGS,
      locale: 'ja-JP',
      timezoneId: 'Asia/Tokyo',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'allow',
    });
  return { launch, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}
