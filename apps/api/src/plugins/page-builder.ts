import fs from 'node:fs/promises';
import path from 'node:path';
import { API_BASE_PATH, isModeratorsOnlyWebPath, isWebRoutePath } from '@ekispot/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { HeadResult } from '../lib/page-head.js';
import { prepareBytes } from '../lib/prepared-payload.js';
import { priorityImagePreload } from './image-preload.js';
import type { CachedPage } from './page-cache.js';
import { applyBody, applyHead, escapeAttribute } from './page-html.js';
import { PageReadsFailedError, type PageRender } from './server-render.js';
import {
  APP_MODULE,
  MAP_MODULE,
  opensOnCountryView,
  TOP_PAGE_MODULE,
  readRoutePreloads,
  topPageDataPreloads,
  topPagePreloads,
} from './top-page-preload.js';

/** The built index.html, made ready once: for drawn pages, the app shell and the top page. */
export interface PageTemplates {
  /** The template with the runtime config, for a page drawn on the server. */
  templateHtml: string;
  /** The app shell: the browser draws the page. */
  baseHtml: string;
  /** The app shell of the top page, the map's code announced with it. */
  topPageHtml: string;
  sessionPreload: string;
  routePreloads: Awaited<ReturnType<typeof readRoutePreloads>>;
}

/** Reads the built web app's index.html; null when the web app is not built. */
export async function readPageTemplates(
  distDir: string,
  runtimeConfig: Record<string, unknown>,
): Promise<PageTemplates | null> {
  const indexPath = path.join(distDir, 'index.html');
  const template = await fs.readFile(indexPath, 'utf8').catch(() => null);
  if (template === null) return null;
  const configTag = `<meta name="app-config" content="${escapeAttribute(JSON.stringify(runtimeConfig))}">`;
  // Every page asks for its session first thing (apps/web/src/app/start.tsx): announced with
  // the page (in the app shell's head, among a drawn page's held preloads), the call runs
  // alongside the app's code instead of after it.
  const sessionPreload = `<link rel="preload" as="fetch" crossorigin href="${API_BASE_PATH}/auth/me">`;
  const templateHtml = template.replace('</head>', `${configTag}</head>`);
  const shellHtml = templateHtml.replace('</head>', `${sessionPreload}</head>`);
  const routePreloads = await readRoutePreloads(distDir);
  const withPreloads = (tags: string) => shellHtml.replace('</head>', () => `${tags}</head>`);
  // The entry is small and loads the app after it (apps/web/src/app/main.tsx): the app shell,
  // which shows nothing before the app runs, announces the app's code in its head.
  const baseHtml = withPreloads(routePreloads([APP_MODULE]));
  const topPageHtml = withPreloads(topPagePreloads(routePreloads));
  return { templateHtml, baseHtml, topPageHtml, sessionPreload, routePreloads };
}

/** Where a page's head and body come from (plugins/web.ts). */
export interface PageSources {
  templates: PageTemplates;
  /** Per-path title, description and preview tags (modules/share). */
  renderHead?: (pathname: string) => Promise<HeadResult>;
  /** The web app's server render, when the build has one. */
  renderPage: PageRender | null;
}

/** Builds the page for an address: its head, and its body drawn on the server where it can be. */
export function createPageBuilder(
  log: FastifyBaseLogger,
  sources: PageSources,
): (url: string, pathname: string) => Promise<CachedPage> {
  const { templateHtml, baseHtml, topPageHtml, sessionPreload, routePreloads } = sources.templates;
  /**
   * The head is read from the database: when that fails, the page would be drawn without what
   * it names (a 200 for a post that may not exist), so it is not given at all (503, not kept).
   */
  async function renderSafely(render: NonNullable<PageSources['renderHead']>, pathname: string) {
    try {
      return await render(decodeURIComponent(pathname));
    } catch (error) {
      log.warn({ err: error, pathname }, 'link preview failed');
      throw new PageReadsFailedError(pathname);
    }
  }

  /**
   * A page the server cannot draw is still served: as the app shell, drawn in the browser;
   * but not one whose reads failed (503, not kept: server-render.ts).
   */
  async function renderBodySafely(render: PageRender, url: string) {
    try {
      return await render(url);
    } catch (error) {
      if (error instanceof PageReadsFailedError) throw error;
      log.warn({ err: error, url }, 'server render failed');
      return null;
    }
  }

  /** The page for an address: its head, and its body drawn on the server where it can be. */
  async function buildPage(url: string, pathname: string): Promise<CachedPage> {
    const known = isWebRoutePath(pathname) && !isModeratorsOnlyWebPath(pathname);
    const [head, body] = await Promise.all([
      known && sources.renderHead ? renderSafely(sources.renderHead, pathname) : null,
      sources.renderPage ? renderBodySafely(sources.renderPage, `http://localhost${url}`) : null,
    ]);
    if (head && typeof head === 'object' && 'redirect' in head)
      return { status: 301, location: `${head.redirect}${url.slice(pathname.length)}` };
    const found = known && head !== 'not-found';
    const countryView = opensOnCountryView(url);
    let html: string;
    // A name that names nothing (found false, a 200 body): the browser draws the page's own
    // "not found" state from the shell.
    if (body && (found || body.status === 404)) {
      // The top page drawn here carries its station markers: only the map's own calls wait.
      const data = countryView ? topPageDataPreloads({ markers: false }) : '';
      const modules = body.module ? [body.module] : [];
      // The top page's map is its content, shown at once: its code comes with the page.
      if (body.module === TOP_PAGE_MODULE) modules.push(MAP_MODULE);
      // Its main picture at once: on a slow connection it would otherwise wait behind the code.
      // The code and the first calls after the first paint: the page shows before they load.
      html = applyBody(templateHtml, body, {
        head: priorityImagePreload(body.html),
        afterPaint: `${sessionPreload}${data}${routePreloads([APP_MODULE, ...modules])}`,
      });
    } else {
      html = countryView ? topPageHtml : baseHtml;
    }
    if (head && head !== 'not-found') html = applyHead(html, head);
    const payload = await prepareBytes(Buffer.from(html), 'fast');
    return { status: found ? 200 : 404, payload };
  }

  return buildPage;
}
