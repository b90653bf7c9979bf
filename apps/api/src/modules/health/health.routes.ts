import { API_BASE_PATH, healthSchema, successEnvelopeSchema } from '@ekispot/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { envelope } from '../../lib/envelope.js';
import { HttpError } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';

/** /health answers within 2 s whatever the database does. */
export const HEALTH_DEADLINE_MS = 1_500;

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  // The query may still fail after the deadline: nobody is waiting for it then.
  work.catch(() => undefined);
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

const unavailable = () =>
  new HttpError('SERVICE_UNAVAILABLE', undefined, null, { 'retry-after': '5' });

export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; version: string }> = async (
  app,
  { db, version },
) => {
  async function checkDatabase(log: FastifyBaseLogger) {
    try {
      // A stalled database must not stall the check: load balancers need an answer.
      await withDeadline(db.execute(sql`select 1`), HEALTH_DEADLINE_MS);
    } catch (error) {
      log.error({ err: error }, 'health check: database unreachable');
      throw unavailable();
    }
  }

  app.get(
    `${API_BASE_PATH}/health`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: successEnvelopeSchema(healthSchema), ...errorResponses(503) },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      await checkDatabase(request.log);
      return envelope({ status: 'ok' as const, database: 'ok' as const, version });
    },
  );

  // For load balancers: 503 from the moment shutdown begins (while requests in flight still
  // finish), so no new request is sent to an instance that is about to stop.
  app.get(
    `${API_BASE_PATH}/health/ready`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary:
          'Readiness: 503 while this instance is shutting down or its database is unreachable',
        response: { 200: successEnvelopeSchema(healthSchema), ...errorResponses(503) },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (app.draining) throw unavailable();
      await checkDatabase(request.log);
      return envelope({ status: 'ok' as const, database: 'ok' as const, version });
    },
  );
};
