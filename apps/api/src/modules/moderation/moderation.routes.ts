import { API_BASE_PATH, moderationQueueSchema, successEnvelopeSchema } from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import * as service from './moderation.service.js';

const tags = ['moderation'];

/** The moderators' area (docs/moderation.md): 404 to everyone who is not a moderator. */
export const moderationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    `${API_BASE_PATH}/moderation/reports`,
    {
      config: { access: 'moderator' },
      schema: {
        tags,
        summary: 'Open reports grouped by item, the longest-waiting first (moderators only)',
        response: { 200: successEnvelopeSchema(moderationQueueSchema), ...errorResponses(404) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return envelope({ items: await service.openQueue(db) });
    },
  );
};
