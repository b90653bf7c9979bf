import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject } from 'vitest';
import { CHROMIUM_ARGS } from './chromium.js';

export const baseUrl = inject('baseUrl');
const chromiumPath = inject('chromiumPath');

/** A describe block that runs in Chromium, or is skipped loudly when there is none (never in CI). */
export const describeInBrowser = chromiumPath ? describe : describe.skip;

/**
 * React's reports of a page whose server HTML did not match its first browser render (the
 * production build's error codes 418, 423 and 425, or the development build's words).
 */
const HYDRATION_PROBLEM = /Minified React error #(418|419|421|422|423|425)\b|hydrat/i;

/** How a journey's page is opened. */
type PageOptions = {
  viewport?: { width: number; height: number };
  /** A phone: a mobile layout viewport (a too-wide page widens it) and touch. */
  phone?: boolean;
  /** A granted, fixed device position (the stamp journey stands at a station). */
  geolocation?: { latitude: number; longitude: number; accuracy: number };
  /**
   * The service worker: blocked unless a journey allows it, as on a first visit before it is
   * installed. Its install precaches every page's code (docs/pwa.md#offline), about 2 to 3
   * CPU-seconds of each new browser context, and once it controls a page part way through a
   * test, the page's requests go through it or not depending on when it won that race. The
   * journeys about the worker allow it and wait until it controls the page
   * (docs/testing.md#service-worker).
   */
  serviceWorkers?: 'allow' | 'block';
};

/**
 * One browser per test file; each test gets a fresh page with a Japanese locale. Every page a
 * test opens is watched for hydration problems, which fail the test
 * (docs/architecture.md#hydration). `defaults` apply to every page the file opens.
 */
export function useBrowser(defaults: PageOptions = {}) {
  let browser: Browser | undefined;
  let hydrationProblems: string[] = [];
  // A test's pages end with it: a page left open keeps its timers, polls and live connection
  // (and a map its last frames) running beside the next tests until the file ends.
  let contexts: BrowserContext[] = [];
  afterEach(async () => {
    const found = hydrationProblems;
    hydrationProblems = [];
    const ended = contexts;
    contexts = [];
    await Promise.all(ended.map((context) => context.close()));
    expect(found, 'hydration problems').toEqual([]);
  });
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: chromiumPath ?? undefined,
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage(pageOptions: PageOptions = {}) {
      const options = { ...defaults, ...pageOptions };
      if (!browser) throw new Error('browser not started');
      const context = await browser.newContext({
        locale: 'ja-JP',
        timezoneId: 'Asia/Tokyo',
        viewport: options.viewport ?? { width: 1280, height: 800 },
        ...(options.phone && { isMobile: true, hasTouch: true, deviceScaleFactor: 2 }),
        serviceWorkers: options.serviceWorkers ?? 'block',
        ...(options.geolocation && {
          geolocation: options.geolocation,
          permissions: ['geolocation'],
        }),
      });
      contexts.push(context);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message: ConsoleMessage) => {
        if (message.type() !== 'error') return;
        problems.push(message.text());
        if (HYDRATION_PROBLEM.test(message.text())) hydrationProblems.push(message.text());
      });
      page.on('pageerror', (error) => {
        problems.push(error.message);
        if (HYDRATION_PROBLEM.test(error.message)) hydrationProblems.push(error.message);
      });
      return { page, problems };
    },
  };
}

/**
 * Opens a page and waits until it answers: a server-rendered page shows its content before its
 * script has run, and a click before hydration does nothing (docs/architecture.md#hydration).
 */
export async function open(page: Page, path: string) {
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'domcontentloaded' });
  await waitUntilReady(page);
}

/**
 * Moves to another page inside the app, as the browser's back and forward buttons do (the router
 * draws the new page in the browser; nothing is loaded but its data and code), and waits until it
 * is shown with its primary data (`<html data-shown>`, docs/navigation.md#loading-bar). A walk
 * over many pages opens the first with `open()` and moves on with this: a fresh load costs about
 * five times the CPU (docs/testing.md#page-walks).
 */
export async function moveInApp(page: Page, path: string) {
  const shown = await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    return window.location.pathname + window.location.search;
  }, path);
  await page.waitForFunction(
    (expected) => document.documentElement.dataset.shown === expected,
    shown,
  );
}

/** Until the app has hydrated (or rendered) the page and knows whose session it is. */
export async function waitUntilReady(page: Page) {
  await page.waitForSelector('html[data-ready]', { state: 'attached' });
}
