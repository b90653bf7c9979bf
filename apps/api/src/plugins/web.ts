import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  API_BASE_PATH,
  isModeratorsOnlyWebPath,
  isWebRoutePath,
  jsonForScript,
} from '@ekispot/shared';
import type { ImageStorage } from '../modules/images/images.service.js';
import type { HeadResult, PageHead } from '../lib/page-head.js';
import { declareScopeAccess } from './access.js';
import { priorityImagePreload } from './image-preload.js';
import { archiveAssets, archiveKeyOf, assetContentType } from './asset-archive.js';
import { prepareBytes, sendPrepared } from '../lib/prepared-payload.js';
import { createModeratorShell, type ModeratorCheck } from './moderator-pages.js';
import type { CachedPage, PageCache } from './page-cache.js';
import {
  loadServerRender,
  PageReadsFailedError,
  type PageRender,
  type RenderedPage,
} from './server-render.js';
import { pageAddressOf } from './page-address.js';
import { RenderBusyError, sendPageUnavailable } from './page-unavailable.js';
import { createRenderGate, type RenderGate } from './render-gate.js';
import {
  APP_MODULE,
  MAP_MODULE,
  opensOnCountryView,
  TOP_PAGE_MODULE,
  readRoutePreloads,
  topPageDataPreloads,
  topPagePreloads,
} from './top-page-preload.js';

export interface WebOptions {
  distDir: string;
  runtimeConfig: Record<string, unknown>;
  /**
   * Per-path title, description and link-preview tags; null keeps the default head, and
   * 'not-found' (an id that names nothing) makes the page answer 404.
   */
  renderHead?: (pathname: string) => Promise<HeadResult>;
  /** Keeps every build's assets servable through rolling deploys (asset-archive.ts). */
  assetArchive?: ImageStorage;
  /** The pages written, kept until a write (page-cache.ts); none: every page is written anew. */
  pageCache?: PageCache;
  /** How many pages are drawn at once, overall and per client (render-gate.ts). */
  renderGate?: RenderGate;
  /** Who gets the moderators' pages (moderator-pages.ts); none: nobody. */
  isModerator?: ModeratorCheck;
}

declare module 'fastify' {
  interface FastifyInstance {
    renderGate?: RenderGate;
  }
}

/** Replaces the template's title and description and adds the preview tags. */
export function applyHead(html: string, head: PageHead): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(String(value))}">`;
  const tags = [
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeAttribute(head.url)}">`,
    meta('property', 'og:site_name', 'えきスポ'),
    meta('property', 'og:locale', 'ja_JP'),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ];
  if (head.image) {
    tags.push(
      meta('property', 'og:image', head.image.url),
      meta('property', 'og:image:alt', head.image.alt),
      meta('name', 'twitter:image', head.image.url),
      meta('name', 'twitter:image:alt', head.image.alt),
    );
    if (head.image.width && head.image.height) {
      tags.push(
        meta('property', 'og:image:width', head.image.width),
        meta('property', 'og:image:height', head.image.height),
      );
    }
  }
  for (const data of head.structuredData ?? []) {
    tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  }
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(head.title)}</title>`)
    .replace(/<meta\s[^>]*name="description"[^>]*>/s, '')
    .replace('</head>', () => `${tags.join('')}</head>`);
}

/**
 * Writes a server-rendered page into the template: its styles (and its main picture's preload)
 * in the head; its markup, its data, and the preloads of its code and first calls in the body,
 * held in a template that the browser's entry releases once the page is painted
 * (docs/architecture.md#server-rendering).
 */
export function applyBody(
  html: string,
  body: RenderedPage,
  preloads: { head: string; afterPaint: string },
): string {
  const held = `<template id="${body.afterPaintId}">${preloads.afterPaint}</template>`;
  return (
    html
      .replace('</head>', () => `${preloads.head}${body.styles}</head>`)
      // The page reads without script: no notice that it needs it.
      .replace(/<noscript>.*?<\/noscript>/s, '')
      .replace(
        '<div id="root"></div>',
        () => `<div id="root">${body.html}</div>${body.tail}${held}`,
      )
  );
}

function escapeAttribute(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * Serves the built web app: hashed assets with long caching, and index.html for every
 * other non-API path (client-side routes), with the runtime config in a meta tag. The page
 * answers 404 when the path is no page of the web app (the patterns shared with the client
 * router) or names a post or station that does not exist; the web app then shows its own
 * 404 page inside the layout (docs/navigation.md).
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: WebOptions) => {
    /**
     * The head is read from the database: when that fails, the page would be drawn without what
     * it names (a 200 for a post that may not exist), so it is not given at all (503, not kept).
     */
    async function renderSafely(render: NonNullable<WebOptions['renderHead']>, pathname: string) {
      try {
        return await render(decodeURIComponent(pathname));
      } catch (error) {
        app.log.warn({ err: error, pathname }, 'link preview failed');
        throw new PageReadsFailedError(pathname);
      }
    }

    const indexPath = path.join(options.distDir, 'index.html');
    const template = await fs.readFile(indexPath, 'utf8').catch(() => null);
    if (template === null) {
      app.log.warn({ distDir: options.distDir }, 'web app not built: only the API is served');
      return;
    }
    const configTag = `<meta name="app-config" content="${escapeAttribute(JSON.stringify(options.runtimeConfig))}">`;
    // Every page asks for its session first thing (apps/web/src/app/start.tsx): announced with
    // the page (in the app shell's head, among a drawn page's held preloads), the call runs
    // alongside the app's code instead of after it.
    const sessionPreload = `<link rel="preload" as="fetch" crossorigin href="${API_BASE_PATH}/auth/me">`;
    const templateHtml = template.replace('</head>', `${configTag}</head>`);
    const shellHtml = templateHtml.replace('</head>', `${sessionPreload}</head>`);
    const routePreloads = await readRoutePreloads(options.distDir);
    const withPreloads = (tags: string) => shellHtml.replace('</head>', () => `${tags}</head>`);
    // The entry is small and loads the app after it (apps/web/src/app/main.tsx): the app shell,
    // which shows nothing before the app runs, announces the app's code in its head.
    const baseHtml = withPreloads(routePreloads([APP_MODULE]));
    const topPageHtml = withPreloads(topPagePreloads(routePreloads));

    const staticFiles: FastifyStaticOptions = {
      root: options.distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files (apps/web/precompress-plugin.ts).
      preCompressed: true,
      // Hashed names never change content: the ETag is enough, and ranges are never asked for.
      lastModified: false,
      acceptRanges: false,
      setHeaders(res, filePath) {
        const relative = path.relative(options.distDir, filePath);
        if (relative.startsWith(`assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          // Fixed names, new content with each build: the web app manifest and its icons among
          // them, revalidated by ETag (the manifest's type, application/manifest+json, comes
          // from its extension; docs/pwa.md#serving).
          res.header('Cache-Control', 'no-cache');
        }
      },
    };
    // @fastify/static registers one route per file: public, in a scope of their own that says
    // so (plugins/access.ts).
    await app.register(async (scope) => {
      declareScopeAccess(scope, 'public');
      await scope.register(fastifyStatic, staticFiles);
    });

    const archive = options.assetArchive;
    if (archive) {
      await archiveAssets(options.distDir, archive, app.log);
      // An asset this build lacks: another build's, from the archive (or 404 as before).
      app.get(
        '/assets/:name',
        { config: { access: 'public' }, schema: { hide: true } },
        async (request, reply) => {
          const { name } = request.params as { name: string };
          const key = archiveKeyOf(name);
          const stored = key ? await archive.get(key) : null;
          if (!stored) return reply.callNotFound();
          return reply
            .header('Cache-Control', 'public, max-age=31536000, immutable')
            .type(assetContentType(name))
            .send(stored.stream);
        },
      );
    }

    const renderPage = await loadServerRender(app, {
      distDir: options.distDir,
      runtimeConfig: JSON.stringify(options.runtimeConfig),
    });
    /**
     * A page the server cannot draw is still served: as the app shell, drawn in the browser;
     * but not one whose reads failed (503, not kept: server-render.ts).
     */
    async function renderBodySafely(render: PageRender, url: string) {
      try {
        return await render(url);
      } catch (error) {
        if (error instanceof PageReadsFailedError) throw error;
        app.log.warn({ err: error, url }, 'server render failed');
        return null;
      }
    }

    /** The page for an address: its head, and its body drawn on the server where it can be. */
    async function buildPage(url: string, pathname: string): Promise<CachedPage> {
      const known = isWebRoutePath(pathname) && !isModeratorsOnlyWebPath(pathname);
      const [head, body] = await Promise.all([
        known && options.renderHead ? renderSafely(options.renderHead, pathname) : null,
        renderPage ? renderBodySafely(renderPage, `http://localhost${url}`) : null,
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

    const spaFallback = { config: { access: 'public' }, schema: { hide: true } } as const;
    const serveModerator = createModeratorShell(baseHtml, options.isModerator);
    const gate = options.renderGate ?? createRenderGate();
    // Reachable as app.renderGate: a test waits for it to be idle before it floods it.
    app.decorate('renderGate', gate);
    app.get('/*', spaFallback, async (request, reply) => {
      const requested = request.url.split('?')[0] ?? '/';
      if (requested.startsWith('/api/') || requested === '/api') return reply.callNotFound();
      // A moderators' address: their shell, never kept, or to anyone else an unknown address's
      // page, kept as one (moderator-pages.ts).
      const moderators = isModeratorsOnlyWebPath(requested);
      if (moderators && (await serveModerator(request, reply))) return reply;
      // A page is drawn and kept on its path and the parameters it reads, nothing else
      // (docs/security.md#pages-are-keyed-on-what-they-read): any other address of it leads there.
      const { pathname, url, redirect } = pageAddressOf(request.url, { moderators });
      if (redirect) return reply.redirect(url, 301);
      const build = async () => {
        const leave = await gate.enter(request.ip);
        if (!leave) throw new RenderBusyError();
        try {
          return await buildPage(url, pathname);
        } finally {
          leave();
        }
      };
      let page: CachedPage;
      try {
        page = options.pageCache ? await options.pageCache.getOrBuild(url, build) : await build();
      } catch (error) {
        if (error instanceof RenderBusyError) return sendPageUnavailable(request, reply, 'busy');
        if (error instanceof PageReadsFailedError)
          return sendPageUnavailable(request, reply, 'reads-failed');
        throw error;
      }
      if (page.status === 301) return reply.redirect(page.location, 301);
      reply.code(page.status);
      return sendPrepared(request, reply, page.payload, 'no-cache', 'text/html; charset=utf-8');
    });

    app.log.debug({ api: API_BASE_PATH }, 'web app served');
  },
  { name: 'web' },
);
