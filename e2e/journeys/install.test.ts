import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, open } from '../support/browser.js';
import { CHROMIUM_ARGS, findChromium } from '../support/chromium.js';

/**
 * Installable (docs/pwa.md): Chromium itself finds nothing that keeps the app from being
 * installed — the manifest, its icons and the service worker — and the worker takes charge of
 * the page. Lighthouse 12 and later no longer audit installability, so this asks the browser's
 * own check over the DevTools protocol, as its install prompt does. It runs in a browser profile
 * of its own: in the journeys' usual throwaway contexts (incognito to Chromium) nothing installs.
 *
 * Then the app's own 「ホーム画面に追加」 hint (docs/pwa.md#the-install-hint): Chromium sends
 * `beforeinstallprompt` about half a second after the page loads, which the app must catch from
 * its entry on (before that, it started too late and the hint never showed). The full Chromium,
 * not the journeys' headless shell, which has no install prompt and never sends the event.
 */
describeInBrowser('installing the app', () => {
  it('is installable, with a manifest Chromium reads without errors and a worker in charge; offers the app’s own hint on a phone’s second visit, and not again once closed', async () => {
    const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-install-'));
    // The full browser: the headless shell never offers to install (it has no install prompt).
    const fullChromium = findChromium('full');
    if (!fullChromium) {
      // As every journey without its browser: a loud skip, except where browsers are required.
      const required = process.env.CI === 'true' || process.env.REQUIRE_E2E === '1';
      const missing = 'the install journey needs the full Chromium (apt-get install chromium)';
      if (required) throw new Error(missing);
      console.warn(`\n!!! ${missing}: SKIPPED\n`);
      return;
    }
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: fullChromium,
      // Chromium waits for some engagement with a site before it offers to install it; this
      // switch (Chromium's own, for testing) offers it as soon as the app is installable.
      args: [...CHROMIUM_ARGS, '--bypass-app-banner-engagement-checks'],
      locale: 'ja-JP',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      // Whether the browser offered its prompt, and whether the app held back its banner: seen
      // by a listener of the page's own that runs after the app's (it is added later).
      await context.addInitScript(() => {
        addEventListener('load', () =>
          addEventListener('beforeinstallprompt', (event) => {
            document.documentElement.dataset.installOffered = event.defaultPrevented
              ? 'held'
              : 'shown';
          }),
        );
      });
      const page = context.pages()[0] ?? (await context.newPage());
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      await open(page, '/');
      await page.locator('[data-map-ready="true"]').waitFor({ timeout: 45_000 });
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).toMatch(/\/$/);

      const devtools = await context.newCDPSession(page);
      const manifest = await devtools.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);

      // The first visit is for the app itself: no hint.
      const hint = (on: Page) => on.getByRole('region', { name: 'えきスポをホーム画面に追加' });
      expect(await hint(page).count()).toBe(0);
      await page.close();

      // A new tab is a new visit (docs/pwa.md#the-install-hint): the browser offers its prompt
      // soon after the page loads, the app keeps it, and the hint offers 「追加する」.
      const second = await context.newPage();
      second.on('pageerror', (error) => problems.push(error.message));
      await open(second, '/');
      await hint(second).getByRole('button', { name: '追加する' }).waitFor({ timeout: 20_000 });
      await expect
        .poll(() => second.evaluate(() => document.documentElement.dataset.installOffered))
        .toBe('held');
      await hint(second).getByRole('button', { name: 'ホーム画面への追加の案内を閉じる' }).click();
      await hint(second).waitFor({ state: 'detached' });
      await second.close();

      // Closed for good: the next visit does not show it again.
      const third = await context.newPage();
      await open(third, '/');
      await third.locator('[data-map-ready="true"]').waitFor({ timeout: 45_000 });
      await expect
        .poll(() => third.evaluate(() => document.documentElement.dataset.installOffered))
        .toBe('held');
      expect(await hint(third).count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      await fs.rm(profile, { recursive: true, force: true });
    }
  }, 120_000);
});
