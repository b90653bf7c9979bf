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

/** An image's bytes never change (a new upload is a new id), so caches may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

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
) {
  const etag = `"${row.id}-${size}"`;
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    return reply.status(304).header('ETag', etag).header('Cache-Control', IMMUTABLE).send();
  }
  // Headers only once the bytes are open: a 404 must not be cached for a year.
  const stored = await service.openImage(storage, row, size);
  return (
    reply
      .type(row.mimeType)
      .header('Content-Length', String(stored.size))
      .header('ETag', etag)
      .header('Cache-Control', IMMUTABLE)
      .header('X-Content-Type-Options', 'nosniff')
      // The bytes are an image, never a document: nothing in them may run if opened directly.
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(stored.stream)
  );
}

/** The body of a 200: WebP bytes (304 when If-None-Match matches the ETag). */
const imageBytesSchema = z.string().meta({ format: 'binary', contentMediaType: 'image/webp' });

export const imagesRoutes: FastifyPluginAsyncZod<{ db: Database; storage: ImageStorage }> = async (
  app,
  { db, storage },
) => {
  app.get(
    `${API_BASE_PATH}/image/:id`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['images'],
        summary:
          'An uploaded image as WebP: full (≤ 2048 px long side), medium (≤ 1280 px) or thumb (≤ 480 px)',
        description:
          'Returns the image bytes (image/webp), not the envelope. Responses are immutable; ' +
          'send If-None-Match with the ETag to get 304.',
        params: imageParamsSchema,
        querystring: imageQuerySchema,
        response: {
          200: {
            description: 'The image bytes, with ETag and an immutable Cache-Control',
            content: { 'image/webp': { schema: imageBytesSchema } },
          },
          ...errorResponses(404, 422),
        },
      },
    },
    async (request, reply) => {
      const row = await service.getImage(db, request.params.id);
      return sendImage(request, reply, storage, row, request.query.size);
    },
  );
};
