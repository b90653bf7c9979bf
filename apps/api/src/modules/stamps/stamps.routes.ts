import {
  API_BASE_PATH,
  STAMP_DISTANCE_BUCKET_M,
  STAMP_IMAGE_FORMATS,
  STAMP_MAX_ACCURACY_M,
  STAMP_MAX_DISTANCE_M,
  STAMP_MAX_SPEED_KMH,
  STAMP_QUEUED_MAX_AGE_HOURS,
  STAMP_MESSAGES as M,
  stampCheckInBodySchema,
  stampCheckInSchema,
  stampImageQuerySchema,
  stampSummarySchema,
  stationGroupParamsSchema,
  stationStampStateSchema,
  successEnvelopeSchema,
  userParamsSchema,
} from '@ekispot/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requesterKey } from '../../lib/auth-token.js';
import { envelope } from '../../lib/envelope.js';
import { matchesEtag, weakEtag } from '../../lib/prepared-payload.js';
import { errorResponses } from '../../lib/route-schemas.js';
import * as service from './stamps.service.js';

const tags = ['stamps'];

/** Check-ins are few by nature; a script guessing positions is not. */
const checkInRateLimit = {
  max: 30,
  timeWindow: 10 * 60_000,
  keyGenerator: (request: FastifyRequest) => `stamp:${requesterKey(request)}`,
};

/** The image only changes when the station data does: a day in caches, then revalidated. */
const IMAGE_CACHE_CONTROL = 'public, max-age=86400';

/** Typed on the plain reply: the 200 body is bytes, outside the route's envelope schemas. */
function sendImage(request: FastifyRequest, reply: FastifyReply, image: service.StampImage) {
  // An SVG may go out compressed by the compression plugin: a weak ETag, true of every encoding.
  const etag = weakEtag(image.etag);
  reply.header('ETag', etag).header('Cache-Control', IMAGE_CACHE_CONTROL);
  if (matchesEtag(request, etag)) return reply.status(304).send();
  return reply
    .type(image.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .send(image.body);
}

/** The check-in's rules as the API reference states them, from the shared constants. */
const CHECK_IN_DESCRIPTION =
  `Accepted within ${STAMP_MAX_DISTANCE_M} m of the station group with an accuracy of ` +
  `${STAMP_MAX_ACCURACY_M} m or better, and when the trip from your previous stamp is possible ` +
  `at ${STAMP_MAX_SPEED_KMH} km/h. The position decides and is then discarded: only the ` +
  `${STAMP_DISTANCE_BUCKET_M} m band is kept. 409 when already collected. \`measured_at\` (a ` +
  'check-in queued offline) is when the position was measured: the stamp is dated then and the ' +
  `rules apply to that time; more than ${STAMP_QUEUED_MAX_AGE_HOURS} h ago or in the future is ` +
  'refused (422). With an `Idempotency-Key` header a retry answers the first answer again.';

export const stampsRoutes: FastifyPluginAsyncZod<service.StampsDeps> = async (app, deps) => {
  const station = `${API_BASE_PATH}/stations/:stationGroupId`;

  app.post(
    `${station}/stamp`,
    {
      config: { access: 'member', idempotent: true, rateLimit: checkInRateLimit },
      schema: {
        tags,
        summary: 'Collect the station stamp (check-in with the device position)',
        description: CHECK_IN_DESCRIPTION,
        params: stationGroupParamsSchema,
        body: stampCheckInBodySchema,
        response: {
          201: successEnvelopeSchema(stampCheckInSchema),
          ...errorResponses(401, 404, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const session = request.member;
      const stamp = await service.checkIn(
        deps,
        session.user.id,
        request.params.stationGroupId,
        request.body,
      );
      return reply.status(201).send(envelope(stamp, M.collected, 201));
    },
  );

  app.get(
    `${station}/stamp`,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'Whether you have this station stamp, and how many members do',
        params: stationGroupParamsSchema,
        response: {
          200: successEnvelopeSchema(stationStampStateSchema),
          ...errorResponses(404, 422),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const session = request.viewer;
      return envelope(
        await service.getStationStampState(
          deps.db,
          session?.user.id ?? null,
          request.params.stationGroupId,
        ),
      );
    },
  );

  for (const format of STAMP_IMAGE_FORMATS) {
    app.get(
      `${station}/stamp.${format}`,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: `The station's stamp image as ${format.toUpperCase()}`,
          description:
            'Returns the image bytes, not the envelope. Deterministic for a station; the SVG ' +
            'has its text as outlines. PNG and WebP take `size` (96, 192 or 512).',
          params: stationGroupParamsSchema,
          querystring: stampImageQuerySchema,
          response: {
            200: {
              description: 'The image bytes, with ETag',
              content: {
                [format === 'svg' ? 'image/svg+xml' : `image/${format}`]: {
                  schema: z.string().meta({ format: 'binary' }),
                },
              },
            },
            ...errorResponses(404, 422),
          },
        },
      },
      async (request, reply) =>
        sendImage(
          request,
          reply,
          await service.getStampImage(
            deps.db,
            request.params.stationGroupId,
            format,
            request.query.size,
          ),
        ),
    );
  }

  app.get(
    `${API_BASE_PATH}/users/:userId/stamps/summary`,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: "The member's stamp book completion per prefecture and per line",
        params: userParamsSchema,
        response: { 200: successEnvelopeSchema(stampSummarySchema), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-cache');
      const viewer = request.viewer;
      return envelope(
        await service.getSummary(deps.db, request.params.userId, viewer?.user.id ?? null),
      );
    },
  );
};
