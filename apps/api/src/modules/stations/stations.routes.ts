import { z } from 'zod';
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
  stationMarkerNamesSchema,
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
import {
  createResponseCache,
  sendCached,
  sendPrepared,
  sendWithEtag,
} from '../../lib/prepared-payload.js';
import { errorResponses } from '../../lib/route-schemas.js';
import * as service from './stations.service.js';

const tags = ['stations'];
/** Answers that change only with an import: kept a while, then revalidated by ETag. */
const STATION_DATA_CACHE = 'public, max-age=300, stale-while-revalidate=86400';

export const stationsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // Serialised answers of the busiest reads, keyed by the station data version and their input.
  const responses = createResponseCache();
  app.get(
    `${API_BASE_PATH}/stations/markers`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Every station group, column-wise, for the map',
        description: 'Cacheable: send If-None-Match with the last ETag to get 304.',
        response: { 200: successEnvelopeSchema(stationMarkersSchema) },
      },
    },
    async (request, reply) =>
      sendPrepared(request, reply, await service.getMarkersPayload(db), STATION_DATA_CACHE),
  );

  app.get(
    `${API_BASE_PATH}/stations/markers/names`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The names of the station markers, column-wise (asked for once zoomed in)',
        description: 'Cacheable: send If-None-Match with the last ETag to get 304.',
        response: { 200: successEnvelopeSchema(stationMarkerNamesSchema) },
      },
    },
    async (request, reply) =>
      sendPrepared(request, reply, await service.getMarkerNamesPayload(db), STATION_DATA_CACHE),
  );

  app.get(
    `${API_BASE_PATH}/stations/search`,
    {
      config: { access: 'public' },
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
    async (request, reply) => {
      const { q, limit } = request.query;
      return sendCached(request, reply, {
        cache: responses,
        key: `${await service.getStationDataVersion(db)} search ${limit} ${q}`,
        data: () => service.searchStations(db, q, limit),
        cacheControl: STATION_DATA_CACHE,
      });
    },
  );

  app.get(
    `${API_BASE_PATH}/stations/nearby`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Station groups nearest to a point, with their distance in metres',
        querystring: stationNearbyQuerySchema,
        response: { 200: successEnvelopeSchema(nearbyStationListSchema), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const { lat, lng, radius_m: radiusM, limit } = request.query;
      return sendCached(request, reply, {
        cache: responses,
        key: `${await service.getStationDataVersion(db)} nearby ${lat} ${lng} ${radiusM} ${limit}`,
        data: async () => ({
          items: await service.findNearbyStations(db, { lat, lng }, radiusM, limit),
        }),
        cacheControl: STATION_DATA_CACHE,
      });
    },
  );

  app.get(
    `${API_BASE_PATH}/stations/random`,
    {
      config: { access: 'public' },
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
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'One station: names, prefecture, address, lines, platforms, transfers, counts. ' +
          "A platform's id redirects (308) to its station.",
        params: stationGroupParamsSchema,
        response: {
          200: successEnvelopeSchema(stationDetailSchema),
          308: z.null().describe("The id is a platform's: its station's URL is in Location"),
          ...errorResponses(404, 422),
        },
      },
    },
    // The counts are live, so the page revalidates every time; an unchanged one costs a 304.
    async (request, reply) => {
      const platformOf = await service.stationIdOfPlatform(db, request.params.stationGroupId);
      if (platformOf !== null)
        return reply.redirect(`${API_BASE_PATH}/stations/${platformOf}`, 308);
      // The answer is built only when the data or the counts have changed.
      const id = request.params.stationGroupId;
      const state = await service.getStationState(db, id);
      const { posts, want_to_visit: wants, stamps } = state.counts;
      return sendCached(request, reply, {
        cache: responses,
        key: `${state.version} station ${id} ${posts} ${wants} ${stamps}`,
        data: () => service.getStation(db, id, state),
        cacheControl: 'no-cache',
      });
    },
  );

  app.get(
    `${API_BASE_PATH}/lines/:lineId`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One line with its stations in order along it',
        params: lineParamsSchema,
        response: { 200: successEnvelopeSchema(lineDetailSchema), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) =>
      sendWithEtag(
        request,
        reply,
        await service.getLine(db, request.params.lineId),
        'public, max-age=3600',
      ),
  );

  app.get(
    `${API_BASE_PATH}/prefectures`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The 47 prefectures',
        response: { 200: successEnvelopeSchema(prefectureListSchema) },
      },
    },
    async (request, reply) =>
      sendWithEtag(
        request,
        reply,
        { items: await service.listPrefectures(db) },
        'public, max-age=3600',
      ),
  );

  app.get(
    `${API_BASE_PATH}/lines`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Railway lines, optionally those serving a prefecture',
        querystring: lineListQuerySchema,
        response: { 200: successEnvelopeSchema(lineListSchema), ...errorResponses(422) },
      },
    },
    async (request, reply) =>
      sendWithEtag(
        request,
        reply,
        { items: await service.listLines(db, request.query.prefecture) },
        'public, max-age=3600',
      ),
  );
};
