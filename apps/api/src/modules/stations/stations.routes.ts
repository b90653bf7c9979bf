import {
  API_BASE_PATH,
  lineListQuerySchema,
  lineListSchema,
  nearbyStationListSchema,
  prefectureListSchema,
  stationDetailSchema,
  stationGroupParamsSchema,
  lineDetailSchema,
  lineParamsSchema,
  stationSearchResponseSchema,
  stationMarkersSchema,
  stationNearbyQuerySchema,
  stationRandomQuerySchema,
  stationSearchQuerySchema,
  stationSummarySchema,
  successEnvelopeSchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { envelope } from '../../lib/envelope.js';
import { sendPrepared } from '../../lib/prepared-payload.js';
import { errorResponses } from '../../lib/route-schemas.js';
import * as service from './stations.service.js';

const tags = ['stations'];

export const stationsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    `${API_BASE_PATH}/stations/markers`,
    {
      schema: {
        tags,
        summary: 'Every station group, column-wise, for the map',
        description: 'Cacheable: send If-None-Match with the last ETag to get 304.',
        response: { 200: successEnvelopeSchema(stationMarkersSchema) },
      },
    },
    async (request, reply) =>
      sendPrepared(
        request,
        reply,
        await service.getMarkersPayload(db),
        'public, max-age=300, stale-while-revalidate=86400',
      ),
  );

  app.get(
    `${API_BASE_PATH}/stations/search`,
    {
      schema: {
        tags,
        summary: 'Search station groups and lines by name, kana reading or romaji',
        description:
          'Matches the names of groups and of their member stations (梅田 → the 大阪 group), ' +
          'readings in hiragana or katakana (しんじゅく, シンジュク, しんじゅ) and romaji ' +
          '(shinjuku); exact before prefix before substring, then groups on more lines. Each ' +
          'row carries the name it matched and its first two lines; `lines` lists matching lines.',
        querystring: stationSearchQuerySchema,
        response: {
          200: successEnvelopeSchema(stationSearchResponseSchema),
          ...errorResponses(422),
        },
      },
    },
    async (request) =>
      envelope(await service.searchStations(db, request.query.q, request.query.limit)),
  );

  app.get(
    `${API_BASE_PATH}/stations/nearby`,
    {
      schema: {
        tags,
        summary: 'Station groups nearest to a point, with their distance in metres',
        querystring: stationNearbyQuerySchema,
        response: { 200: successEnvelopeSchema(nearbyStationListSchema), ...errorResponses(422) },
      },
    },
    async (request) => {
      const { lat, lng, radius_m: radiusM, limit } = request.query;
      return envelope({
        items: await service.findNearbyStations(db, { lat, lng }, radiusM, limit),
      });
    },
  );

  app.get(
    `${API_BASE_PATH}/stations/random`,
    {
      schema: {
        tags,
        summary: '駅ガチャ: a random station group, optionally within a prefecture or on a line',
        querystring: stationRandomQuerySchema,
        response: { 200: successEnvelopeSchema(stationSummarySchema), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { prefecture, line } = request.query;
      return envelope(
        await service.drawRandomStation(db, { prefectureId: prefecture, lineId: line }),
      );
    },
  );

  app.get(
    `${API_BASE_PATH}/stations/:stationGroupId`,
    {
      schema: {
        tags,
        summary: 'One station group: names, prefecture, address, lines, member stations, counts',
        params: stationGroupParamsSchema,
        response: { 200: successEnvelopeSchema(stationDetailSchema), ...errorResponses(404, 422) },
      },
    },
    async (request) => envelope(await service.getStation(db, request.params.stationGroupId)),
  );

  app.get(
    `${API_BASE_PATH}/lines/:lineId`,
    {
      schema: {
        tags,
        summary: 'One line with its stations in order along it',
        params: lineParamsSchema,
        response: { 200: successEnvelopeSchema(lineDetailSchema), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return envelope(await service.getLine(db, request.params.lineId));
    },
  );

  app.get(
    `${API_BASE_PATH}/prefectures`,
    {
      schema: {
        tags,
        summary: 'The 47 prefectures',
        response: { 200: successEnvelopeSchema(prefectureListSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return envelope({ items: await service.listPrefectures(db) });
    },
  );

  app.get(
    `${API_BASE_PATH}/lines`,
    {
      schema: {
        tags,
        summary: 'Railway lines, optionally those serving a prefecture',
        querystring: lineListQuerySchema,
        response: { 200: successEnvelopeSchema(lineListSchema), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return envelope({ items: await service.listLines(db, request.query.prefecture) });
    },
  );
};
