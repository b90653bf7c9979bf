import {
  API_BASE_PATH,
  listParamsSchema,
  postParamsSchema,
  stationGroupParamsSchema,
} from '@ekispot/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.js';
import * as og from './og-image.service.js';

const tags = ['share'];

/**
 * Crawlers fetch a card when a link is shared and keep it themselves; ten minutes here, then a
 * revalidation that the ETag (the data version) answers with 304 while nothing changed, and
 * with 404 once a moderator hid the post: a card shows the post's photo, which may be kept by
 * every cache no longer than the photo itself (docs/security.md#images-and-caches).
 */
const CACHE_CONTROL = 'public, max-age=600';

/** Typed on the plain reply: the 200 body is bytes, outside the route's envelope schemas. */
function sendPng(request: FastifyRequest, reply: FastifyReply, image: og.OgImage) {
  reply.header('ETag', image.etag).header('Cache-Control', CACHE_CONTROL);
  if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
  return reply.type('image/png').header('X-Content-Type-Options', 'nosniff').send(image.body);
}

const pngResponse = {
  200: {
    description: 'The PNG bytes (1200×630), with ETag',
    content: { 'image/png': { schema: z.string().meta({ format: 'binary' }) } },
  },
  ...errorResponses(404, 422),
};

const description =
  'Returns the image bytes, not the envelope: the card the page’s og:image names. 404 for ' +
  'what the page itself does not show (a private list, a hidden post).';

/** The link-preview cards (docs/seo.md#link-preview-images). */
export const ogRoutes: FastifyPluginAsyncZod<og.OgDeps> = async (app, deps) => {
  const base = `${API_BASE_PATH}/og`;
  app.get(
    `${base}/station/:stationGroupId.png`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A station's link-preview card",
        description,
        params: stationGroupParamsSchema,
        response: pngResponse,
      },
    },
    async (request, reply) =>
      sendPng(request, reply, await og.getStationOgImage(deps, request.params.stationGroupId)),
  );
  app.get(
    `${base}/post/:postId.png`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A post's link-preview card",
        description,
        params: postParamsSchema,
        response: pngResponse,
      },
    },
    async (request, reply) =>
      sendPng(request, reply, await og.getPostOgImage(deps, request.params.postId.toLowerCase())),
  );
  app.get(
    `${base}/list/:listId.png`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A public list's link-preview card",
        description,
        params: listParamsSchema,
        response: pngResponse,
      },
    },
    async (request, reply) =>
      sendPng(request, reply, await og.getListOgImage(deps, request.params.listId.toLowerCase())),
  );
};
