import { API_BASE_PATH, IMAGE_SIZES } from '@ekispot/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { errorResponses } from '../../lib/route-schemas.js';
import type { ImageStorage } from './image-storage.js';
import * as service from './images.service.js';

// TODO(shared): move these two schemas to packages/shared once the images contract lands there.
const imageParamsSchema = z.object({ id: z.uuid() });
const imageQuerySchema = z.object({
  size: z.enum(IMAGE_SIZES).default('full'),
});

/**
 * An image's bytes never change (a new upload is a new id), but whether it may be shown does: a
 * moderator hides its post, its author is suspended (docs/security.md#images-and-caches). So a
 * photo everyone sees may be kept by any cache for ten minutes, then asked again with its ETag
 * (a 304 while it is still shown, a 404 once it is not); the author's copy of a photo hidden
 * from everyone else is kept by no cache at all, not even the app's service worker.
 */
const CACHE_CONTROL: Record<service.ImageAudience, string> = {
  everyone: 'public, max-age=600',
  viewer: 'private, no-store',
};

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Typed on the plain reply: the 200 body is bytes, outside the route's envelope schemas. */
async function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: ImageStorage,
  row: service.ImageRow,
  size: service.ImageSize,
  audience: service.ImageAudience,
) {
  const etag = `"${row.id}-${size}"`;
  const cacheControl = CACHE_CONTROL[audience];
  // Asked again with the ETag only once the image is known to be shown to the caller.
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    return reply.status(304).header('ETag', etag).header('Cache-Control', cacheControl).send();
  }
  // Headers only once the bytes are open: a 404 must not be kept as the image.
  const stored = await service.openImage(storage, row, size);
  return (
    reply
      .type(row.mimeType)
      .header('Content-Length', String(stored.size))
      .header('ETag', etag)
      .header('Cache-Control', cacheControl)
      .header('X-Content-Type-Options', 'nosniff')
      // The bytes are an image, never a document: nothing in them may run if opened directly.
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(stored.stream)
  );
}

/** The body of a 200: WebP bytes (304 when If-None-Match matches the ETag). */
const imageBytesSchema = z.string().meta({ format: 'binary', contentMediaType: 'image/webp' });

export const imagesRoutes: FastifyPluginAsyncZod<{
  db: Database;
  storage: ImageStorage;
  /** Changes with every write (the page cache's generation): what is kept follows it. */
  generation: () => number;
}> = async (app, { db, storage, generation }) => {
  const kept = service.createImageSights(generation);
  app.get(
    `${API_BASE_PATH}/image/:id`,
    {
      // The session is read only for a photo not shown to everyone: whether it is the
      // caller's decides between its author's copy and a 404.
      config: { access: 'optional', lazySession: true },
      schema: {
        tags: ['images'],
        summary:
          'An uploaded image as WebP: full (≤ 2048 px long side), medium (≤ 1280 px) or thumb (≤ 480 px)',
        description:
          'Returns the image bytes (image/webp), not the envelope. A photo follows its post: ' +
          "a hidden post's photos, and a suspended member's, answer 404 to everyone but their " +
          'author. Shown to everyone: `public, max-age=600`; to the author alone: ' +
          '`private, no-store`. Send If-None-Match with the ETag to get 304.',
        params: imageParamsSchema,
        querystring: imageQuerySchema,
        response: {
          200: {
            description: 'The image bytes, with ETag and Cache-Control',
            content: { 'image/webp': { schema: imageBytesSchema } },
          },
          ...errorResponses(404, 422),
        },
      },
    },
    async (request, reply) => {
      const { row, audience } = await service.getImageFor(
        { db, kept },
        request.params.id,
        async () => (await request.readViewer())?.user.id ?? null,
      );
      return sendImage(request, reply, storage, row, request.query.size, audience);
    },
  );
};
