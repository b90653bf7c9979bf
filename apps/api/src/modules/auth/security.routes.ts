import {
  API_BASE_PATH,
  accountSecuritySchema,
  reauthPasswordBodySchema,
  reauthResultSchema,
  recoveryCodesSchema,
  secureAccountResultSchema,
  successEnvelopeSchema,
  tokenParamsSchema,
  totpEnableBodySchema,
  totpSetupSchema,
} from '@ekispot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import type { AuthDeps } from './account-view.js';
import { rateLimit } from './rate-limits.js';
import { secureAccount } from './security-alerts.js';
import { SECURITY_MESSAGES } from './security.messages.js';
import * as sessions from './sessions.service.js';
import * as totp from './totp.service.js';

const tags = ['auth'];
const base = `${API_BASE_PATH}/auth`;
const empty = successEnvelopeSchema(z.null());

/**
 * The account's security (docs/accounts.md#two-step-sign-in-and-passkeys): what guards it, the
 * re-authentication window, the authenticator app and its recovery codes, and the alert link.
 * Every change here needs the window open (REAUTH_REQUIRED, 403, otherwise).
 */
export const securityRoutes: FastifyPluginAsyncZod<AuthDeps & { clock?: () => Date }> = async (
  app,
  deps,
) => {
  const now = deps.clock ?? (() => new Date());
  const reauthFirst = async (request: FastifyRequest) =>
    sessions.requireReauth(deps.db, request.member, now());

  app.get(
    `${base}/security`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'What guards the account: password, authenticator app, passkeys',
        response: { 200: successEnvelopeSchema(accountSecuritySchema), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return envelope(await sessions.accountSecurity(deps.db, request.member, now()));
    },
  );

  app.post(
    `${base}/reauth`,
    {
      config: { access: 'member', rateLimit: rateLimit.loginPerIp },
      schema: {
        tags,
        summary: 'Confirm it is you with the password: security changes open for 5 minutes',
        body: reauthPasswordBodySchema,
        response: {
          200: successEnvelopeSchema(reauthResultSchema),
          ...errorResponses(401, 422, 429),
        },
      },
    },
    async (request) => {
      const until = await sessions.reauthWithPassword(
        deps.db,
        request.member,
        request.body.password,
        now(),
      );
      return envelope({ reauth_until: until.toISOString() }, SECURITY_MESSAGES.reauthenticated);
    },
  );

  app.post(
    `${base}/totp/setup`,
    {
      config: { access: 'member' },
      preHandler: reauthFirst,
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: a new secret and its QR code',
        response: { 200: successEnvelopeSchema(totpSetupSchema), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const setup = await totp.startTotpSetup(deps.db, request.member.user);
      return envelope(setup, SECURITY_MESSAGES.totpSetupStarted);
    },
  );

  app.post(
    `${base}/totp/enable`,
    {
      config: { access: 'member', rateLimit: rateLimit.loginPerIp },
      preHandler: reauthFirst,
      schema: {
        tags,
        summary: 'Confirm the setup with one code; answers ten recovery codes, shown once',
        body: totpEnableBodySchema,
        response: {
          200: successEnvelopeSchema(recoveryCodesSchema),
          ...errorResponses(401, 403, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const codes = await totp.enableTotp(
        deps.db,
        deps.publicUrl,
        request.member.user,
        request.body.code,
        now(),
      );
      return envelope({ recovery_codes: codes }, SECURITY_MESSAGES.totpEnabled);
    },
  );

  app.post(
    `${base}/totp/disable`,
    {
      config: { access: 'member' },
      preHandler: reauthFirst,
      schema: {
        tags,
        summary: 'Turn the second step off (its recovery codes go too)',
        response: { 200: empty, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => {
      await totp.disableTotp(deps.db, deps.publicUrl, request.member.user, now());
      return envelope(null, SECURITY_MESSAGES.totpDisabled);
    },
  );

  app.post(
    `${base}/recovery-codes`,
    {
      config: { access: 'member' },
      preHandler: reauthFirst,
      schema: {
        tags,
        summary: 'Ten new recovery codes, shown once; the earlier ones stop working',
        response: {
          200: successEnvelopeSchema(recoveryCodesSchema),
          ...errorResponses(401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const codes = await totp.regenerateRecoveryCodes(deps.db, request.member.user.id);
      return envelope({ recovery_codes: codes }, SECURITY_MESSAGES.recoveryCodesRegenerated);
    },
  );

  app.post(
    `${base}/secure-account/:token`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "An alert's link: ends every session and answers a fresh password-reset token",
        params: tokenParamsSchema,
        response: {
          200: successEnvelopeSchema(secureAccountResultSchema),
          ...errorResponses(400, 422),
        },
      },
    },
    async (request) => {
      const token = await secureAccount(deps.db, request.params.token);
      return envelope({ reset_token: token }, SECURITY_MESSAGES.accountSecured);
    },
  );
};
