import {
  API_BASE_PATH,
  passkeyAddBodySchema,
  passkeyCredentialBodySchema,
  passkeyIdParamsSchema,
  passkeySchema,
  passkeySignupOptionsBodySchema,
  reauthResultSchema,
  signedInSchema,
  successEnvelopeSchema,
  webauthnOptionsSchema,
} from '@ekispot/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setAuthCookie } from '../../lib/auth-token.js';
import type { AddressKey } from '../../lib/address-key.js';
import type { CounterStore } from '../../lib/counter-store.js';
import { envelope } from '../../lib/envelope.js';
import { createSecretToken } from '../../lib/secret-tokens.js';
import { errorResponses } from '../../lib/route-schemas.js';
import type { AuthDeps } from './account-view.js';
import { AUTH_MESSAGES } from './auth.messages.js';
import { signInClient } from './device-cookie.js';
import { registerWithPasskey } from './passkey-signup.service.js';
import * as passkeys from './passkeys.service.js';
import { createMailBudget } from './mail-budget.js';
import { rateLimit } from './rate-limits.js';
import { SECURITY_MESSAGES } from './security.messages.js';
import * as sessions from './sessions.service.js';
import { setSignupCookie } from './signup-browser.js';

const tags = ['auth'];
const base = `${API_BASE_PATH}/auth`;
const optionsEnvelope = successEnvelopeSchema(webauthnOptionsSchema);

/**
 * Passkeys (docs/accounts.md#two-step-sign-in-and-passkeys): each ceremony is a pair of calls,
 * `…/options` (a challenge, kept in the database 2 minutes) and the call that sends the
 * browser's credential back. Adding and removing need the re-authentication window.
 */
export const passkeyRoutes: FastifyPluginAsyncZod<
  AuthDeps & { clock?: () => Date; counters: CounterStore; addressKey: AddressKey }
> = async (app, deps) => {
  const now = deps.clock ?? (() => new Date());
  const mailBudget = createMailBudget(deps.counters, deps.addressKey);
  /** A passkey sign-up sends a mail: it spends from the one budget (mail-budget.ts). */
  const spendMailBudget = async (request: { ip: string; body: { email: string } }) =>
    mailBudget.take(request.ip, request.body.email);
  const withRp = { ...deps, rp: passkeys.relyingPartyOf(deps.publicUrl) };
  const reauthFirst = async (request: FastifyRequest) =>
    sessions.requireReauth(deps.db, request.member, now());

  app.post(
    `${base}/passkeys/options`,
    {
      config: { access: 'member' },
      preHandler: reauthFirst,
      schema: {
        tags,
        summary: 'Options to create a passkey for this account (WebAuthn JSON)',
        response: { 200: optionsEnvelope, ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      envelope(
        await passkeys.registrationOptions(deps.db, withRp.rp, now(), {
          kind: 'member',
          user: request.member.user,
        }),
      ),
  );

  app.post(
    `${base}/passkeys`,
    {
      config: { access: 'member' },
      preHandler: reauthFirst,
      schema: {
        tags,
        summary: 'Add the passkey the browser created, under a name',
        body: passkeyAddBodySchema,
        response: {
          201: successEnvelopeSchema(passkeySchema),
          ...errorResponses(400, 401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const added = await passkeys.addPasskey(withRp, request.member.user, request.body, now());
      return reply.status(201).send(envelope(added, SECURITY_MESSAGES.passkeyAdded, 201));
    },
  );

  app.delete(
    `${base}/passkeys/:id`,
    {
      config: { access: 'member' },
      preHandler: reauthFirst,
      schema: {
        tags,
        summary: 'Remove one of the member’s passkeys',
        params: passkeyIdParamsSchema,
        response: {
          200: successEnvelopeSchema(z.null()),
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => {
      await passkeys.removePasskey(deps, request.member.user, request.params.id, now());
      return envelope(null, SECURITY_MESSAGES.passkeyRemoved);
    },
  );

  app.post(
    `${base}/passkey-login/options`,
    {
      config: { access: 'guest', rateLimit: rateLimit.loginPerIp },
      schema: {
        tags,
        summary: 'Options to sign in with a passkey (none named: the browser offers its own)',
        response: { 200: optionsEnvelope, ...errorResponses(429) },
      },
    },
    async () => envelope(await passkeys.authenticationOptions(deps.db, withRp.rp, now(), null)),
  );

  app.post(
    `${base}/passkey-login`,
    {
      config: { access: 'guest', rateLimit: rateLimit.loginPerIp },
      schema: {
        tags,
        summary: 'Sign in with a passkey (both steps at once); sets the auth cookie',
        body: passkeyCredentialBodySchema,
        response: {
          200: successEnvelopeSchema(signedInSchema),
          ...errorResponses(400, 403, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const result = await passkeys.loginWithPasskey(
        withRp,
        request.body.credential,
        signInClient(request, reply),
        now(),
      );
      setAuthCookie(reply, result.token);
      return envelope(result, AUTH_MESSAGES.loggedIn);
    },
  );

  app.post(
    `${base}/reauth/passkey/options`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Options to confirm it is you with one of your passkeys',
        response: { 200: optionsEnvelope, ...errorResponses(401) },
      },
    },
    async (request) =>
      envelope(
        await passkeys.authenticationOptions(deps.db, withRp.rp, now(), request.member.user),
      ),
  );

  app.post(
    `${base}/reauth/passkey`,
    {
      config: { access: 'member', rateLimit: rateLimit.loginPerIp },
      schema: {
        tags,
        summary: 'Confirm it is you with a passkey: security changes open for 5 minutes',
        body: passkeyCredentialBodySchema,
        response: {
          200: successEnvelopeSchema(reauthResultSchema),
          ...errorResponses(400, 401, 422, 429),
        },
      },
    },
    async (request) => {
      const until = await passkeys.reauthWithPasskey(
        withRp,
        request.member,
        request.body.credential,
        now(),
      );
      return envelope({ reauth_until: until.toISOString() }, SECURITY_MESSAGES.reauthenticated);
    },
  );

  app.post(
    `${base}/passkey-signup/options`,
    {
      config: { access: 'guest' },
      preHandler: spendMailBudget,
      schema: {
        tags,
        summary: 'Options to register a new member with a passkey and no password',
        body: passkeySignupOptionsBodySchema,
        response: { 200: optionsEnvelope, ...errorResponses(422, 429) },
      },
    },
    async (request) =>
      envelope(
        await passkeys.registrationOptions(deps.db, withRp.rp, now(), {
          kind: 'signup',
          ...request.body,
        }),
      ),
  );

  app.post(
    `${base}/passkey-signup`,
    {
      config: { access: 'guest' },
      schema: {
        tags,
        summary: 'Register with the passkey the browser created; a verification mail is sent',
        description: 'Answers alike whether or not the address was registered already.',
        body: passkeyCredentialBodySchema,
        response: {
          201: successEnvelopeSchema(z.null()),
          ...errorResponses(400, 422),
        },
      },
    },
    async (request, reply) => {
      const link = createSecretToken();
      await registerWithPasskey(withRp, request.body.credential, now(), link);
      setSignupCookie(reply, link.token);
      return reply.status(201).send(envelope(null, SECURITY_MESSAGES.passkeySignupSent, 201));
    },
  );
};
