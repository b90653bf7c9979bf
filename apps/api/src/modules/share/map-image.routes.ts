import {
  API_BASE_PATH,
  countryMapParamsSchema,
  listParamsSchema,
  mapImageQuerySchema,
  postParamsSchema,
  stationGroupParamsSchema,
} from '@ekispot/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-schemas.js';
import { getCountryMapImage } from './country-map-image.service.js';
import * as maps from './map-image.service.js';
import type { OgImage } from './og-image.service.js';

const tags = ['map'];

/**
 * A station's map changes only with a station import (its ETag is the data version). A post's
 * or a list's follows its item, which may change, be hidden or made private at any moment, and
 * may be the signed-in member's own private list: the browser keeps it but asks every time,
 * and the ETag answers 304 while nothing changed.
 */
const STATION_CACHE = 'public, max-age=3600';
const ITEM_CACHE = 'private, no-cache';

function sendWebp(request: FastifyRequest, reply: FastifyReply, image: OgImage, cache: string) {
  reply.header('ETag', image.etag).header('Cache-Control', cache);
  if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
  return reply.type('image/webp').header('X-Content-Type-Options', 'nosniff').send(image.body);
}

const webpResponse = {
  200: {
    description: 'The WebP bytes (w × 2w/3), with ETag',
    content: { 'image/webp': { schema: z.string().meta({ format: 'binary' }) } },
  },
  ...errorResponses(404, 422),
};

const description =
  'Returns the image bytes, not the envelope: the offline basemap, railway lines and stations ' +
  'around the place, the place marked, `w` pixels wide (320, 480, 640, 960 or 1280; 3:2). ' +
  'Every width shows the same area. 404 where the item itself is 404 for the reader.';

/** The pages' map images (docs/map.md#map-images). */
export const mapImageRoutes: FastifyPluginAsyncZod<maps.MapImageDeps> = async (app, deps) => {
  const base = `${API_BASE_PATH}/maps`;
  app.get(
    `${base}/station/:stationGroupId.webp`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A station's map image",
        description,
        params: stationGroupParamsSchema,
        querystring: mapImageQuerySchema,
        response: webpResponse,
      },
    },
    async (request, reply) =>
      sendWebp(
        request,
        reply,
        await maps.getStationMapImage(deps, request.params.stationGroupId, request.query.w),
        STATION_CACHE,
      ),
  );
  app.get(
    `${base}/country/:shape.webp`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The top map's first view: the country with its station clusters",
        description:
          'Returns the image bytes, not the envelope: the whole of Japan fitted as the top map ' +
          'fits it on a phone held upright (`portrait`) or a wider screen (`landscape`), with ' +
          'the station clusters it draws there (docs/map.md#the-first-view-as-an-image).',
        params: countryMapParamsSchema,
        response: webpResponse,
      },
    },
    async (request, reply) =>
      sendWebp(request, reply, await getCountryMapImage(deps, request.params.shape), STATION_CACHE),
  );
  app.get(
    `${base}/post/:postId.webp`,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: "A post's map image (a hidden post's only for its author)",
        description,
        params: postParamsSchema,
        querystring: mapImageQuerySchema,
        response: webpResponse,
      },
    },
    async (request, reply) => {
      const viewerId = request.viewer?.user.id ?? null;
      const postId = request.params.postId.toLowerCase();
      const image = await maps.getPostMapImage(deps, postId, viewerId, request.query.w);
      return sendWebp(request, reply, image, ITEM_CACHE);
    },
  );
  app.get(
    `${base}/list/:listId.webp`,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: "A list's map image (a private list's only for its owner)",
        description,
        params: listParamsSchema,
        querystring: mapImageQuerySchema,
        response: webpResponse,
      },
    },
    async (request, reply) => {
      const viewerId = request.viewer?.user.id ?? null;
      const listId = request.params.listId.toLowerCase();
      const image = await maps.getListMapImage(deps, listId, viewerId, request.query.w);
      return sendWebp(request, reply, image, ITEM_CACHE);
    },
  );
};
