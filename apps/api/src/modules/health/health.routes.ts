import { API_BASE_PATH, healthSchema, successEnvelopeSchema } from '@ekispot/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { envelope } from '../../lib/envelope.js';
import { HttpError } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; version: string }> = async (
  app,
  { db, version },
) => {
  app.get(
    `${API_BASE_PATH}/health`,
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: successEnvelopeSchema(healthSchema), ...errorResponses(503) },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new HttpError('SERVICE_UNAVAILABLE');
      }
      return envelope({ status: 'ok' as const, database: 'ok' as const, version });
    },
  );
};
