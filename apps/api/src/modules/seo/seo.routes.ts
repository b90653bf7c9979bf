import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { etagOf, matchesEtag, weakEtag } from '../../lib/prepared-payload.js';
import { buildRobotsTxt, buildSitemapPage, createSitemapIndexReader } from './seo.service.js';

/**
 * What crawlers read at the site's root (docs/seo.md): `/robots.txt`, the sitemap index
 * `/sitemap.xml` and its sitemaps `/sitemap-{kind}-{n}.xml`. Documents for crawlers, not API
 * operations: public, and out of the OpenAPI document like the web app's pages (plugins/web.ts).
 */

/** Crawlers come back for the index daily at most; an hour keeps a shared cache useful. */
const SITEMAP_CACHE = 'public, max-age=3600';
const ROBOTS_CACHE = 'public, max-age=86400';
const XML = 'application/xml; charset=utf-8';

/**
 * Sends a document with an ETag over its bytes, or 304 when the client holds them; weak, as the
 * compression plugin may send it in any encoding.
 */
function sendDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  type: string,
  cacheControl: string,
) {
  const etag = weakEtag(etagOf(body));
  reply.header('ETag', etag).header('Cache-Control', cacheControl);
  if (matchesEtag(request, etag)) return reply.code(304).send();
  return reply.type(type).send(body);
}

export const seoRoutes: FastifyPluginAsyncZod<{ db: Database; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  const robots = buildRobotsTxt(publicUrl);
  const readSitemapIndex = createSitemapIndexReader(db, publicUrl);

  app.get(
    '/robots.txt',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) =>
      sendDocument(request, reply, robots, 'text/plain; charset=utf-8', ROBOTS_CACHE),
  );

  app.get(
    '/sitemap.xml',
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) =>
      sendDocument(request, reply, await readSitemapIndex(), XML, SITEMAP_CACHE),
  );

  app.get(
    '/sitemap-:file',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        params: z.object({ file: z.string() }),
        querystring: z.object({ from: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const body = await buildSitemapPage(db, publicUrl, file, request.query.from);
      if (body === null) return reply.callNotFound();
      return sendDocument(request, reply, body, XML, SITEMAP_CACHE);
    },
  );
};
