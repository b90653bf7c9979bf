import {
  API_BASE_PATH,
  REPORT_ACCEPTED_MESSAGE,
  REPORTS_PER_HOUR,
  reportCreateBodySchema,
  reportSchema,
  successEnvelopeSchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import type { CounterStore } from '../../lib/counter-store.js';
import { envelope } from '../../lib/envelope.js';
import { memberLimitHook, type MemberLimit } from '../../lib/request-limits.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { REPORT_MESSAGES } from './reports.messages.js';
import * as service from './reports.service.js';

const tags = ['reports'];

/**
 * Reports from one address an hour, over all its members: a household or an office shares an
 * address, a script making accounts is stopped.
 */
export const REPORTS_PER_HOUR_PER_ADDRESS = 60;

/**
 * A member reports a few items at most in an hour, however often they log in again; one
 * address a few more (docs/moderation.md#reports).
 */
const reportLimit: MemberLimit = {
  name: 'report',
  perMember: REPORTS_PER_HOUR,
  perAddress: REPORTS_PER_HOUR_PER_ADDRESS,
  windowMs: 60 * 60_000,
  message: REPORT_MESSAGES.tooMany,
};

export const reportsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  counters: CounterStore;
}> = async (app, { db, counters }) => {
  app.post(
    `${API_BASE_PATH}/reports`,
    {
      preHandler: memberLimitHook(counters, reportLimit),
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Report a post, comment, member or list to the moderators',
        description:
          'One open report per member and item (409 for a second); your own items cannot be ' +
          `reported (422); what you cannot see answers 404 as if missing; at most ` +
          `${REPORTS_PER_HOUR} reports an hour per member and ${REPORTS_PER_HOUR_PER_ADDRESS} ` +
          'per client address (429).',
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
