import {
  API_BASE_PATH,
  AUTH_COOKIE_NAME,
  accountSessionListSchema,
  loginBodySchema,
  loginResultSchema,
  secondStepBodySchema,
  secondStepRequiredSchema,
  sessionIdParamsSchema,
  sessionSchema,
  signedInSchema,
  successEnvelopeSchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AddressKey } from '../../lib/address-key.js';
import { clearAuthCookie, setAuthCookie } from '../../lib/auth-token.js';
import type { CounterStore } from '../../lib/counter-store.js';
import { envelope } from '../../lib/envelope.js';
import { HttpError } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import type { AuthDeps } from './account-view.js';
import { AUTH_MESSAGES } from './auth.messages.js';
import * as service from './auth.service.js';
import { signInClient } from './device-cookie.js';
import { createLoginThrottle } from './login-throttle.js';
import { rateLimit } from './rate-limits.js';
import { SECURITY_MESSAGES } from './security.messages.js';
import * as sessions from './sessions.service.js';

const tags = ['auth'];
const base = `${API_BASE_PATH}/auth`;
const empty = successEnvelopeSchema(z.null());

/** Everything the session routes need: the account services' and the login throttle's. */
export type SessionRouteDeps = AuthDeps & {
  counters: CounterStore;
  /** How an address appears in a counter's key (lib/address-key.ts). */
  addressKey: AddressKey;
  wait?: (ms: number) => Promise<unknown>;
  clock?: () => Date;
};

/**
 * Signing in and out, and the member's sessions as a list (docs/accounts.md#sessions): each
 * session can be ended from another, and 「ほかの端末をすべてログアウト」 ends all but this one.
 */
export const sessionRoutes: FastifyPluginAsyncZod<SessionRouteDeps> = async (app, deps) => {
  const now = deps.clock ?? (() => new Date());
  const throttle = createLoginThrottle(deps.counters, {
    addressKey: deps.addressKey,
    ...(deps.wait && { wait: deps.wait }),
  });

  app.post(
    `${base}/login`,
    {
      // Per IP over all accounts here; failures per account in login-throttle.ts.
      config: { access: 'guest', rateLimit: rateLimit.loginPerIp },
      preHandler: async (request) => throttle.before(request.body.email, request.ip),
      schema: {
        tags,
        summary: 'Log in; sets the auth cookie and returns the token',
        description:
          'With an authenticator app set up, answers `second_step` instead: send its token ' +
          'with a code to POST /auth/login/second-step.',
        body: loginBodySchema,
        response: {
          200: successEnvelopeSchema(z.union([loginResultSchema, secondStepRequiredSchema])),
          ...errorResponses(403, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const result = await service
        .login(deps, { ...request.body, client: signInClient(request, reply), now: now() })
        .catch(async (error: unknown) => {
          if (error instanceof HttpError && error.code === 'VALIDATION_FAILED')
            await throttle.failed(email, request.ip);
          throw error;
        });
      await throttle.succeeded(email, request.ip);
      if ('second_step' in result) return envelope(result, SECURITY_MESSAGES.secondStepNeeded);
      setAuthCookie(reply, result.token);
      return envelope(result, AUTH_MESSAGES.loggedIn);
    },
  );

  app.post(
    `${base}/login/second-step`,
    {
      config: { access: 'guest', rateLimit: rateLimit.loginPerIp },
      schema: {
        tags,
        summary: 'Finish a password login with an authenticator code or a recovery code',
        description: 'Five wrong codes in a row lock the second step for 15 minutes (429).',
        body: secondStepBodySchema,
        response: {
          200: successEnvelopeSchema(signedInSchema),
          ...errorResponses(400, 403, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { token, code, recovery_code: recoveryCode } = request.body;
      const result = await service.completeSecondStep(
        deps,
        { token, code, recoveryCode },
        signInClient(request, reply),
        now(),
      );
      setAuthCookie(reply, result.token);
      return envelope(result, AUTH_MESSAGES.loggedIn);
    },
  );

  app.post(
    `${base}/logout`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Log out this session',
        response: { 200: empty, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const session = request.member;
      await service.logout(deps, { userId: session.user.id, tokenHash: session.tokenHash });
      clearAuthCookie(reply);
      return envelope(null, AUTH_MESSAGES.loggedOut);
    },
  );

  app.get(
    `${base}/me`,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'The signed-in user, or null without a valid session',
        description:
          'Answers 200 in both cases, so that a visitor’s page load makes no failing call. ' +
          'A cookie that names no valid session is cleared.',
        response: { 200: successEnvelopeSchema(sessionSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const session = request.viewer;
      if (!session) {
        if (request.cookies[AUTH_COOKIE_NAME]) clearAuthCookie(reply);
        return envelope(null);
      }
      return envelope(service.toMe(session.user));
    },
  );

  app.get(
    `${base}/sessions`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "The member's active sessions (device and browser from the User-Agent)",
        response: {
          200: successEnvelopeSchema(accountSessionListSchema),
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { user, sessionId } = request.member;
      return envelope({ items: await sessions.listSessions(deps.db, user.id, sessionId) });
    },
  );

  app.delete(
    `${base}/sessions/:id`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'End one of the member’s sessions: its live streams and push subscriptions end',
        params: sessionIdParamsSchema,
        response: { 200: empty, ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = request.member;
      await sessions.endSession(deps.db, user.id, request.params.id);
      if (request.params.id === sessionId) clearAuthCookie(reply);
      return envelope(null, SECURITY_MESSAGES.sessionEnded);
    },
  );

  app.post(
    `${base}/sessions/end-others`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'End every session of the member but this one',
        response: { 200: empty, ...errorResponses(401) },
      },
    },
    async (request) => {
      const { user, sessionId } = request.member;
      const ended = await sessions.endOtherSessions(deps.db, user.id, sessionId);
      return envelope(null, SECURITY_MESSAGES.otherSessionsEnded(ended));
    },
  );
};
