import { signInClient } from './device-cookie.js';
import {
  API_BASE_PATH,
  emailVerifiedResultSchema,
  successEnvelopeSchema,
  tokenParamsSchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setAuthCookie } from '../../lib/auth-token.js';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import type { AuthDeps } from './account-view.js';
import { AUTH_MESSAGES } from './auth.messages.js';
import { verifyEmail } from './auth.service.js';
import {
  checkVerificationLink,
  declineVerification,
  pendingVerification,
} from './verification.service.js';
import { clearSignupCookie, isSignupBrowser } from './signup-browser.js';

const tags = ['auth'];
const base = `${API_BASE_PATH}/auth/email/verify/:token`;

/**
 * The confirmation link (docs/accounts.md#an-unexpected-confirmation-mail): whose registration
 * it is, 「はい」 (`GET /auth/email/verify/{token}`, as the product spec calls it) and 「いいえ」.
 */
export const verificationRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  const confirmSchema = {
    tags,
    summary: 'Confirm the e-mail address from the mailed link',
    description:
      'From the browser that registered (or asked for the mail again), it also signs the ' +
      'member in: the auth cookie is set and `user` is the member; elsewhere `user` is null.',
    params: tokenParamsSchema,
    response: {
      200: successEnvelopeSchema(emailVerifiedResultSchema),
      ...errorResponses(400, 422),
    },
  };
  app.get(
    base,
    // Fastify would answer HEAD by running this handler: a link checker's HEAD would confirm.
    { config: { access: 'guest' }, exposeHeadRoute: false, schema: confirmSchema },
    async (request, reply) => {
      const { token } = request.params;
      const signIn = isSignupBrowser(request, token) ? signInClient(request, reply) : null;
      const session = await verifyEmail(deps, token, signIn);
      if (!session) return envelope({ user: null }, AUTH_MESSAGES.emailVerified);
      setAuthCookie(reply, session.token);
      clearSignupCookie(reply);
      return envelope({ user: session.user }, AUTH_MESSAGES.emailVerifiedSignedIn);
    },
  );
  // A safe method changes nothing (docs/security.md#safe-methods): HEAD says what GET would
  // answer and leaves the link unused.
  app.head(base, { config: { access: 'guest' }, schema: confirmSchema }, async (request) => {
    await checkVerificationLink(deps.db, request.params.token);
    return envelope({ user: null }, AUTH_MESSAGES.emailVerified);
  });

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
