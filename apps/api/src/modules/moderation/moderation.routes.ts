import {
  API_BASE_PATH,
  moderationActionBodySchema,
  moderationActionResultSchema,
  moderationLogSchema,
  moderationQueueSchema,
  pageQuerySchema,
  successEnvelopeSchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import type { ImageStorage } from '../images/images.service.js';
import * as service from './moderation.service.js';

const tags = ['moderation'];

/** The moderators' area (docs/moderation.md): 404 to everyone who is not a moderator. */
export const moderationRoutes: FastifyPluginAsyncZod<{
  db: Database;
  storage: ImageStorage;
}> = async (app, { db, storage }) => {
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

  app.post(
    `${API_BASE_PATH}/moderation/actions`,
    {
      config: { access: 'moderator' },
      schema: {
        tags,
        summary: 'Dismiss, hide, remove, warn, suspend or restore (moderators only)',
        description:
          'Closes the open reports about the item (not for restore), writes the audit log and ' +
          'tells the reporters and the author. 409 when the item is not in a state the action ' +
          'fits (already hidden, nothing to restore); 404 when it is gone (except dismiss).',
        body: moderationActionBodySchema,
        response: {
          201: successEnvelopeSchema(moderationActionResultSchema),
          ...errorResponses(404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const { user } = request.member;
      const result = await service.act({ db, storage }, user, request.body);
      return reply.status(201).send(envelope(result, result.message, 201));
    },
  );

  app.get(
    `${API_BASE_PATH}/moderation/log`,
    {
      config: { access: 'moderator' },
      schema: {
        tags,
        summary: 'The audit log of moderator actions, newest first (moderators only)',
        querystring: pageQuerySchema,
        response: { 200: successEnvelopeSchema(moderationLogSchema), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return envelope(await service.auditLog(db, request.query));
    },
  );
};
