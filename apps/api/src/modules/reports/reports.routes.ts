import {
  API_BASE_PATH,
  REPORT_ACCEPTED_MESSAGE,
  REPORTS_PER_HOUR,
  reportCreateBodySchema,
  reportSchema,
  successEnvelopeSchema,
} from '@ekispot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { requesterKey } from '../../lib/auth-token.js';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import * as service from './reports.service.js';

const tags = ['reports'];

/** A member reports a few items at most in an hour; a script is stopped early. */
const reportLimit = {
  max: REPORTS_PER_HOUR,
  timeWindow: 60 * 60_000,
  keyGenerator: (request: FastifyRequest) => `report:${requesterKey(request)}`,
};

export const reportsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    `${API_BASE_PATH}/reports`,
    {
      config: { access: 'member', rateLimit: reportLimit },
      schema: {
        tags,
        summary: 'Report a post, comment, member or list to the moderators',
        description:
          'One open report per member and item (409 for a second); your own items cannot be ' +
          `reported (422); at most ${REPORTS_PER_HOUR} reports an hour (429).`,
        body: reportCreateBodySchema,
        response: {
          201: successEnvelopeSchema(reportSchema),
          ...errorResponses(401, 404, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const report = await service.createReport(db, request.member.user.id, request.body);
      return reply.status(201).send(envelope(report, REPORT_ACCEPTED_MESSAGE, 201));
    },
  );
};
