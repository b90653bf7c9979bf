import {
  API_BASE_PATH,
  RIDE_MESSAGES as M,
  lineParamsSchema,
  rankingQuerySchema,
  rideCreateBodySchema,
  rideJourneySchema,
  rideLineSectionsSchema,
  rideListQuerySchema,
  ridePageSchema,
  rideParamsSchema,
  rideSchema,
  rideSettingsBodySchema,
  rideSettingsSchema,
  rideSummarySchema,
  rideRankingPageSchema,
  rideUpdateBodySchema,
  successEnvelopeSchema,
  userParamsSchema,
} from '@ekispot/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requesterKey } from '../../lib/auth-token.js';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { rideExportRoutes } from './ride-export.routes.js';
import { getDistanceRanking } from './ride-ranking.js';
import * as service from './rides.service.js';

const tags = ['rides'];

/** A rail fan records a few rides a day; an import is one request. */
const writeLimit = {
  max: 300,
  timeWindow: 10 * 60_000,
  keyGenerator: (request: FastifyRequest) => `ride-write:${requesterKey(request)}`,
};

/** Rides are private by default: no cache may share an answer. */
const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'private, no-store');

const nullEnvelope = successEnvelopeSchema(z.null());

export const ridesRoutes: FastifyPluginAsyncZod<service.RidesDeps> = async (app, deps) => {
  const base = `${API_BASE_PATH}/rides`;
  const me = `${API_BASE_PATH}/me/rides`;

  app.post(
    base,
    {
      config: { access: 'member', idempotent: true, rateLimit: writeLimit },
      schema: {
        tags,
        summary: 'Record a ride, or a journey with transfers (one ride per leg), all or none',
        description:
          'Each leg is a line and two station ids on it; the section follows the line (the ' +
          "shorter way round a loop unless `way: 'long'`). Private unless `public` or the " +
          "member's default says otherwise. With an `Idempotency-Key` header a retry answers " +
          'the first answer again (the offline queue).',
        body: rideCreateBodySchema,
        response: {
          201: successEnvelopeSchema(rideJourneySchema),
          ...errorResponses(401, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const journey = await service.createRides(deps, request.member.user.id, request.body);
      return reply.status(201).send(envelope(journey, M.created, 201));
    },
  );

  app.get(
    base,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Your rides, latest ride date first',
        querystring: rideListQuerySchema,
        response: { 200: successEnvelopeSchema(ridePageSchema), ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return envelope(await service.listRides(deps.db, request.member.user.id, request.query));
    },
  );

  app.get(
    `${base}/:rideId`,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'A ride: yours, or a public one of another member (a private one is 404)',
        params: rideParamsSchema,
        response: { 200: successEnvelopeSchema(rideSchema), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const viewerId = request.viewer?.user.id ?? null;
      return envelope(await service.getRide(deps.db, viewerId, request.params.rideId));
    },
  );

  app.patch(
    `${base}/:rideId`,
    {
      config: { access: 'member', rateLimit: writeLimit },
      schema: {
        tags,
        summary: 'Change your ride (its section is worked out again)',
        params: rideParamsSchema,
        body: rideUpdateBodySchema,
        response: { 200: successEnvelopeSchema(rideSchema), ...errorResponses(401, 404, 422, 429) },
      },
    },
    async (request) =>
      envelope(
        await service.updateRide(deps, request.member.user.id, request.params.rideId, request.body),
        M.updated,
      ),
  );

  app.delete(
    `${base}/:rideId`,
    {
      config: { access: 'member', rateLimit: writeLimit },
      schema: {
        tags,
        summary: 'Delete your ride',
        params: rideParamsSchema,
        response: { 200: nullEnvelope, ...errorResponses(401, 404, 422, 429) },
      },
    },
    async (request) => {
      await service.deleteRide(deps.db, request.member.user.id, request.params.rideId);
      return envelope(null, M.deleted);
    },
  );

  app.get(
    `${me}/summary`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Your 乗りつぶし: share ridden per line, company, prefecture and Japan',
        description:
          'Shares by length (station to station, not 営業キロ) and by sections; a section ' +
          'ridden twice counts once. A line is 完乗 on the date of the ride that covered its last ' +
          'section.',
        response: { 200: successEnvelopeSchema(rideSummarySchema), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return envelope(await service.getMySummary(deps.db, request.member.user.id));
    },
  );

  app.get(
    `${me}/lines/:lineId`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "Your ridden sections of a line (its page's map and station list)",
        params: lineParamsSchema,
        response: {
          200: successEnvelopeSchema(rideLineSectionsSchema),
          ...errorResponses(401, 404, 422),
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return envelope(
        await service.getLineSections(deps.db, request.member.user.id, request.params.lineId),
      );
    },
  );

  app.get(
    `${me}/settings`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Your ride settings',
        response: { 200: successEnvelopeSchema(rideSettingsSchema), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return envelope(await service.getSettings(deps.db, request.member.user.id));
    },
  );

  app.put(
    `${me}/settings`,
    {
      config: { access: 'member', rateLimit: writeLimit },
      schema: {
        tags,
        summary:
          'Set whether new rides are public by default and whether your profile shows totals',
        body: rideSettingsBodySchema,
        response: {
          200: successEnvelopeSchema(rideSettingsSchema),
          ...errorResponses(401, 422, 429),
        },
      },
    },
    async (request) =>
      envelope(
        await service.saveSettings(deps.db, request.member.user.id, request.body),
        M.settingsSaved,
      ),
  );

  app.get(
    `${API_BASE_PATH}/users/:userId/rides/summary`,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: "A member's ride totals, when they made them public (public rides only)",
        params: userParamsSchema,
        response: { 200: successEnvelopeSchema(rideSummarySchema), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const viewerId = request.viewer?.user.id ?? null;
      return envelope(await service.getProfileSummary(deps.db, viewerId, request.params.userId));
    },
  );

  app.get(
    `${API_BASE_PATH}/rankings/distance`,
    {
      config: { access: 'optional' },
      schema: {
        tags: ['rankings'],
        summary: '乗車距離: the length of public rides dated in the period, in whole km',
        description:
          'Public rides only; lengths measured station to station (not 営業キロ). Weeks start on ' +
          'Monday and months on the 1st, Japan time. `formula` is the rule as the page states it.',
        querystring: rankingQuerySchema,
        response: { 200: successEnvelopeSchema(rideRankingPageSchema), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-cache');
      const viewerId = request.viewer?.user.id ?? null;
      return envelope(await getDistanceRanking(deps.db, viewerId, request.query, deps.clock()));
    },
  );

  await app.register(rideExportRoutes, deps);
};
