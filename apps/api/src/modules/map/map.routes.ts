import {
  API_BASE_PATH,
  mapMarkersQuerySchema,
  mapMarkersSchema,
  railwayCollectionSchema,
  successEnvelopeSchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { envelope } from '../../lib/envelope.js';
import { sendPrepared } from '../../lib/prepared-payload.js';
import { errorResponses } from '../../lib/route-schemas.js';
import {
  COUNTRY_VIEW_BELOW_ZOOM,
  createCountryViewCache,
  getMapMarkers,
} from './map-markers.service.js';
import { getRailwaysOverviewPayload, getRailwaysPayload } from './map.service.js';

/** Railway lines change only with a station import. */
const RAILWAYS_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';

export const mapRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const countryView = createCountryViewCache(db);

  app.get(
    `${API_BASE_PATH}/map/railways`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['map'],
        summary: 'Railway lines as GeoJSON, drawn station to station, for the offline basemap',
        response: { 200: successEnvelopeSchema(railwayCollectionSchema) },
      },
    },
    async (request, reply) =>
      sendPrepared(request, reply, await getRailwaysPayload(db), RAILWAYS_CACHE),
  );

  app.get(
    `${API_BASE_PATH}/map/railways/overview`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['map'],
        summary: 'The railway lines simplified for the country view (below zoom 6)',
        description:
          'The same lines as /map/railways, each simplified to 0.02° and rounded to 2 decimals: ' +
          'below zoom 6 no line moves by more than about a pixel.',
        response: { 200: successEnvelopeSchema(railwayCollectionSchema) },
      },
    },
    async (request, reply) =>
      sendPrepared(request, reply, await getRailwaysOverviewPayload(db), RAILWAYS_CACHE),
  );

  app.get(
    `${API_BASE_PATH}/map/markers`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['map'],
        summary: 'Spots and events (and station groups if asked) inside the viewport',
        description:
          '`bbox=west,south,east,north` in degrees; `kinds` is a comma-separated subset of ' +
          'station, spot, event (default spot,event). At most 2000 markers, upcoming events ' +
          'first; `truncated` says more lie in the box. Below zoom 8 the answer covers all of ' +
          'Japan whatever the box (one shared, briefly cached answer for the country view).',
        querystring: mapMarkersQuerySchema,
        response: { 200: successEnvelopeSchema(mapMarkersSchema), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      // Posts change at any moment; a short shared cache still absorbs pans back and forth.
      const cacheControl = 'public, max-age=15';
      const { bbox, kinds, zoom } = request.query;
      const unique = [...new Set(kinds)];
      if (zoom < COUNTRY_VIEW_BELOW_ZOOM)
        return sendPrepared(request, reply, await countryView(unique), cacheControl);
      reply.header('Cache-Control', cacheControl);
      return envelope(await getMapMarkers(db, bbox, unique));
    },
  );
};
