import path from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ImageStorage } from '../modules/images/images.service.js';
import { declareScopeAccess } from './access.js';
import { archiveAssets, archiveKeyOf, assetContentType } from './asset-archive.js';

/**
 * The built web app's files: hashed assets cached for a year, fixed names revalidated, and with
 * an archive, the assets of earlier builds too (rolling deploys, asset-archive.ts).
 */
export async function serveAssets(
  app: FastifyInstance,
  distDir: string,
  archive: ImageStorage | undefined,
): Promise<void> {
  const staticFiles: FastifyStaticOptions = {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of its text files (apps/web/precompress-plugin.ts).
    preCompressed: true,
    // Hashed names never change content: the ETag is enough, and ranges are never asked for.
    lastModified: false,
    acceptRanges: false,
    setHeaders(res, filePath) {
      const relative = path.relative(distDir, filePath);
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

  if (archive) {
    await archiveAssets(distDir, archive, app.log);
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
}
