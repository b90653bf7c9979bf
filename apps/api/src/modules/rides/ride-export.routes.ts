import {
  API_BASE_PATH,
  rideExportQuerySchema,
  rideImportBodySchema,
  rideImportResultSchema,
  rideSectionCollectionSchema,
  successEnvelopeSchema,
} from '@ekispot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requesterKey } from '../../lib/auth-token.js';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { exportCsv, importCsv, rideSectionsGeoJson } from './ride-export.service.js';
import type { RidesDeps } from './rides.service.js';

const tags = ['rides'];

/** An import is heavy (up to 2,000 rows): a few an hour are plenty. */
const importLimit = {
  max: 20,
  timeWindow: 60 * 60_000,
  keyGenerator: (request: FastifyRequest) => `ride-import:${requesterKey(request)}`,
};

export const rideExportRoutes: FastifyPluginAsyncZod<RidesDeps> = async (app, deps) => {
  const me = `${API_BASE_PATH}/me/rides`;

  app.get(
    `${me}/map`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Your ridden sections as GeoJSON, one feature per line (the nationwide map)',
        response: {
          200: successEnvelopeSchema(rideSectionCollectionSchema),
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return envelope(await rideSectionsGeoJson(deps.db, request.member.user.id));
    },
  );

  app.get(
    `${me}/export`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary:
          'Download your rides as CSV (date, line, from, to, note) or ridden sections as GeoJSON',
        querystring: rideExportQuerySchema,
        produces: ['text/csv', 'application/geo+json'],
        response: { 200: z.string(), ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const userId = request.member.user.id;
      if (request.query.format === 'csv') {
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', 'attachment; filename="ekispot-rides.csv"')
          .send(await exportCsv(deps.db, userId));
      }
      return reply
        .header('Content-Type', 'application/geo+json; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="ekispot-rides.geojson"')
        .send(JSON.stringify(await rideSectionsGeoJson(deps.db, userId)));
    },
  );

  app.post(
    `${me}/import`,
    {
      config: { access: 'member', rateLimit: importLimit },
      schema: {
        tags,
        summary: 'Import rides from CSV; rows that do not match are reported one by one',
        description:
          'A header row names the columns date, line, from, to and note (or 日付, 路線, 乗車駅, ' +
          '降車駅, メモ). Matching rows are written together; each other row is reported with ' +
          'its line number and the reason. `dry_run` checks without writing.',
        body: rideImportBodySchema,
        response: {
          200: successEnvelopeSchema(rideImportResultSchema),
          ...errorResponses(401, 422, 429),
        },
      },
    },
    async (request) => {
      const result = await importCsv(
        deps,
        request.member.user.id,
        request.body.csv,
        request.body.dry_run ?? false,
      );
      return envelope(result, `${result.imported}件の乗車記録を読み込みました。`);
    },
  );
};
