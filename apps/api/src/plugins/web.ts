import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE_PATH } from '@ekispot/shared';

export interface WebOptions {
  distDir: string;
  runtimeConfig: Record<string, unknown>;
  /** Optional per-path HTML rewriting (social previews add their tags here). */
  renderHead?: (pathname: string) => Promise<string | null>;
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
 * other non-API path (client-side routes), with the runtime config in a meta tag.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: WebOptions) => {
    const indexPath = path.join(options.distDir, 'index.html');
    const template = await fs.readFile(indexPath, 'utf8').catch(() => null);
    if (template === null) {
      app.log.warn({ distDir: options.distDir }, 'web app not built: only the API is served');
      return;
    }
    const configTag = `<meta name="app-config" content="${escapeAttribute(JSON.stringify(options.runtimeConfig))}">`;
    const baseHtml = template.replace('</head>', `${configTag}</head>`);

    await app.register(fastifyStatic, {
      root: options.distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const relative = path.relative(options.distDir, filePath);
        if (relative.startsWith(`assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });

    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname.startsWith('/api/') || pathname === '/api') return reply.callNotFound();
      const head = options.renderHead ? await options.renderHead(pathname) : null;
      const html = head ? baseHtml.replace('</head>', `${head}</head>`) : baseHtml;
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
    });
    app.log.debug({ api: API_BASE_PATH }, 'web app served');
  },
  { name: 'web' },
);
