import {
  API_BASE_PATH,
  postPageSchema,
  successEnvelopeSchema,
  timelineQuerySchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import * as service from './timelines.service.js';

const security: { [scheme: string]: string[] }[] = [{ bearerAuth: [] }, { cookieAuth: [] }];
const optionalSecurity: { [scheme: string]: string[] }[] = [...security, {}];

export const timelinesRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, deps) => {
  app.get(
    `${API_BASE_PATH}/timeline/posts`,
    {
      schema: {
        tags: ['timelines'],
        security: optionalSecurity,
        summary:
          'Posts newest first: all, or (signed in) the own and followed members’ posts; kinds=spot,event',
        querystring: timelineQuerySchema,
        response: { 200: successEnvelopeSchema(postPageSchema), ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-cache');
      // The follow timeline is for members: a visitor gets 401 (and a stale cookie is cleared).
      const viewer =
        request.query.scope === 'follow'
          ? await app.auth.requireUser(request, reply)
          : await app.auth.optionalUser(request);
      return envelope(
        await service.getPostTimeline(deps.db, viewer?.user.id ?? null, request.query),
      );
    },
  );
};
