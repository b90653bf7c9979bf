import { API_BASE_PATH, railwayCollectionSchema, successEnvelopeSchema } from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { sendPrepared } from '../../lib/prepared-payload.js';
import { getRailwaysPayload } from './map.service.js';

export const mapRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    `${API_BASE_PATH}/map/railways`,
    {
      schema: {
        tags: ['map'],
        summary: 'Railway lines as GeoJSON, drawn station to station, for the offline basemap',
        response: { 200: successEnvelopeSchema(railwayCollectionSchema) },
      },
    },
    async (request, reply) =>
      sendPrepared(
        request,
        reply,
        await getRailwaysPayload(db),
        'public, max-age=3600, stale-while-revalidate=86400',
      ),
  );
};
