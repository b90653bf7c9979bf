import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';

/**
 * Loads the web app's server render (`apps/web/dist-ssr/entry-server.js`, built by
 * `npm run build`; docs/architecture.md#server-rendering) and gives it its reads: every call
 * the page makes goes through this server's own routes in process (`app.inject`), as a visitor,
 * so a rendered page shows exactly what the API answers anyone.
 */

/** A page drawn on the server, in the parts the page template takes. */
export interface RenderedPage {
  status: 200 | 404;
  /** Markup for inside `#root`. */
  html: string;
  /** Style tags for the head (the page's critical CSS). */
  styles: string;
  /** What follows `#root`: the hydration data block and the styles only hydration needs. */
  tail: string;
  /**
   * The id of the `<template>` for the page's preloads, which the browser's entry moves into
   * the head after the first paint.
   */
  afterPaintId: string;
  /** The route module (its source path, as the build manifest names it). */
  module: string | null;
}

/** What `entry-server.tsx` exports. */
interface ServerRenderModule {
  configureServerRender(options: {
    fetch: (url: string, init: RequestInit) => Promise<Response>;
    runtimeConfig: string;
  }): void;
  renderPage(url: string): Promise<({ kind: 'page' } & RenderedPage) | { kind: 'shell' }>;
}

export type PageRender = (url: string) => Promise<RenderedPage | null>;

/**
 * A render one of whose reads failed (a 5xx from the API, the database away): what it drew
 * would show nothing where the data should be, so it is not served, and never kept
 * (docs/architecture.md#page-cache).
 */
export class PageReadsFailedError extends Error {
  constructor(readonly url: string) {
    super(`a read of the page ${url} failed`);
    this.name = 'PageReadsFailedError';
  }
}

/** Each render's own record of its reads: renders run concurrently through one fetch. */
const renderReads = new AsyncLocalStorage<{ failed: boolean }>();

/** The server bundle beside the browser build: `dist-ssr/` next to `dist/`. */
export function serverEntryOf(distDir: string): string {
  return path.join(path.dirname(distDir), 'dist-ssr', 'entry-server.js');
}

/** Only what a visitor's read sends: never a cookie or a forwarded address. */
function headersOf(init: RequestInit): Record<string, string> {
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => {
    if (key === 'accept' || key === 'content-type' || key === 'cache-control') headers[key] = value;
  });
  return headers;
}

/**
 * The render function, or null when the server bundle is not built (the app shell is served,
 * as before) or fails to load. A render any of whose reads answered 5xx (or failed outright)
 * throws {@link PageReadsFailedError}, whatever it drew.
 */
export async function loadServerRender(
  app: FastifyInstance,
  options: { distDir: string; runtimeConfig: string },
): Promise<PageRender | null> {
  const entry = serverEntryOf(options.distDir);
  const exists = await fs.stat(entry).then(
    (stat) => stat.isFile(),
    () => false,
  );
  if (!exists) {
    app.log.info({ entry }, 'server render not built: pages are drawn in the browser');
    return null;
  }
  let module: ServerRenderModule;
  try {
    module = (await import(pathToFileURL(entry).href)) as ServerRenderModule;
  } catch (error) {
    app.log.error({ err: error, entry }, 'server render failed to load');
    return null;
  }
  module.configureServerRender({
    runtimeConfig: options.runtimeConfig,
    async fetch(url, init) {
      if ((init.method ?? 'GET') !== 'GET') throw new Error('the server render only reads');
      const reads = renderReads.getStore();
      try {
        const response = await app.inject({ method: 'GET', url, headers: headersOf(init) });
        if (reads && response.statusCode >= 500) reads.failed = true;
        return new Response(response.body, { status: response.statusCode });
      } catch (error) {
        if (reads) reads.failed = true;
        throw error;
      }
    },
  });
  return async (url) => {
    const reads = { failed: false };
    const result = await renderReads
      .run(reads, () => module.renderPage(url))
      .catch((error) => {
        if (reads.failed) throw new PageReadsFailedError(url);
        throw error;
      });
    if (reads.failed) throw new PageReadsFailedError(url);
    return result.kind === 'page' ? result : null;
  };
}
