import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { expect, inject, it } from 'vitest';
import { describeInBrowser, open } from '../support/browser.js';
import { CHROMIUM_ARGS } from '../support/chromium.js';

/**
 * Installable (docs/pwa.md): Chromium itself finds nothing that keeps the app from being
 * installed — the manifest, its icons and the service worker — and the worker takes charge of
 * the page. Lighthouse 12 and later no longer audit installability, so this asks the browser's
 * own check over the DevTools protocol, as its install prompt does. It runs in a browser profile
 * of its own: in the journeys' usual throwaway contexts (incognito to Chromium) nothing installs.
 */
describeInBrowser('installing the app', () => {
  it('is installable, with a manifest Chromium reads without errors and a worker in charge', async () => {
    const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: inject('chromiumPath') ?? undefined,
      args: CHROMIUM_ARGS,
      locale: 'ja-JP',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
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
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      await fs.rm(profile, { recursive: true, force: true });
    }
  });
});
