import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE_PATH, isModeratorsOnlyWebPath } from '@ekispot/shared';
import type { ImageStorage } from '../modules/images/images.service.js';
import type { HeadResult } from '../lib/page-head.js';
import { sendPrepared } from '../lib/prepared-payload.js';
import { createModeratorShell, type ModeratorCheck } from './moderator-pages.js';
import { pageAddressOf } from './page-address.js';
import { createPageBuilder, readPageTemplates } from './page-builder.js';
import type { CachedPage, PageCache } from './page-cache.js';
import { RenderBusyError, sendPageUnavailable } from './page-unavailable.js';
import { createRenderGate, type RenderGate } from './render-gate.js';
import { loadServerRender, PageReadsFailedError } from './server-render.js';
import { serveAssets } from './web-assets.js';

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

/**
 * Serves the built web app: hashed assets with long caching, and index.html for every
 * other non-API path (client-side routes), with the runtime config in a meta tag. The page
 * answers 404 when the path is no page of the web app (the patterns shared with the client
 * router) or names a post or station that does not exist; the web app then shows its own
 * 404 page inside the layout (docs/navigation.md).
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: WebOptions) => {
    const templates = await readPageTemplates(options.distDir, options.runtimeConfig);
    if (templates === null) {
      app.log.warn({ distDir: options.distDir }, 'web app not built: only the API is served');
      return;
    }
    const { baseHtml } = templates;

    await serveAssets(app, options.distDir, options.assetArchive);

    const renderPage = await loadServerRender(app, {
      distDir: options.distDir,
      runtimeConfig: JSON.stringify(options.runtimeConfig),
    });
    const buildPage = createPageBuilder(app.log, {
      templates,
      renderHead: options.renderHead,
      renderPage,
    });

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
