import { API_BASE_PATH, successEnvelopeSchema, tokenParamsSchema } from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import type { AuthDeps } from './account-view.js';
import { AUTH_MESSAGES } from './auth.messages.js';
import { declineVerification, pendingVerification } from './verification.service.js';

const tags = ['auth'];
const base = `${API_BASE_PATH}/auth/email/verify/:token`;

/**
 * The confirmation link's question (verification.service.ts): whose registration it is, and
 * 「いいえ」. Confirming stays `GET /auth/email/verify/{token}` (auth.routes.ts).
 */
export const verificationRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  app.get(
    `${base}/account`,
    {
      config: { access: 'guest' },
      schema: {
        tags,
        summary:
          'The name of the unconfirmed account a confirmation link is for (the link stays unused)',
        params: tokenParamsSchema,
        response: {
          200: successEnvelopeSchema(z.object({ name: z.string(), confirmed: z.boolean() })),
          ...errorResponses(400, 422),
        },
      },
    },
    async (request) =>
      envelope(
        await pendingVerification(deps.db, request.params.token),
        AUTH_MESSAGES.verificationFound,
      ),
  );

  app.post(
    `${base}/decline`,
    {
      config: { access: 'guest' },
      schema: {
        tags,
        summary: 'Not my registration: deletes the unconfirmed account, closes the address a day',
        params: tokenParamsSchema,
        response: { 200: successEnvelopeSchema(z.null()), ...errorResponses(400, 422) },
      },
    },
    async (request) => {
      await declineVerification(deps, request.params.token);
      return envelope(null, AUTH_MESSAGES.verificationDeclined);
    },
  );
};
