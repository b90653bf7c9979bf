import {
  API_BASE_PATH,
  AVATAR_MAX_BYTES,
  deleteAccountBodySchema,
  emailChangeRequestBodySchema,
  meSchema,
  passwordChangeBodySchema,
  passwordResetBodySchema,
  passwordResetRequestBodySchema,
  profileUpdateFieldsSchema,
  registerBodySchema,
  resendVerificationBodySchema,
  successEnvelopeSchema,
  tokenParamsSchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../lib/envelope.js';
import { multipartValidatorCompiler, parseFields, readMultipart } from '../../lib/multipart.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { clearAuthCookie } from '../../lib/auth-token.js';
import { IMAGE_MESSAGES } from '../images/images.service.js';
import type { AuthDeps } from './auth.service.js';
import * as service from './auth.service.js';
import { AUTH_MESSAGES } from './auth.messages.js';
import type { AddressKey } from '../../lib/address-key.js';
import type { CounterStore } from '../../lib/counter-store.js';
import { createMailBudget } from './mail-budget.js';
import { createSecretToken } from '../../lib/secret-tokens.js';
import { setSignupCookie } from './signup-browser.js';

const tags = ['auth'];
const base = `${API_BASE_PATH}/auth`;
const empty = successEnvelopeSchema(z.null());

/** The profile form as documented; the body itself is read by `readMultipart`. */
const profileUpdateFormSchema = profileUpdateFieldsSchema.extend({
  avatar: z.file().optional().meta({ description: 'JPEG, PNG, WebP, GIF or AVIF, ≤ 10 MB' }),
});

export const authRoutes: FastifyPluginAsyncZod<
  AuthDeps & {
    counters: CounterStore;
    /** How an address appears in a counter's key (lib/address-key.ts). */
    addressKey: AddressKey;
    wait?: (ms: number) => Promise<unknown>;
    clock?: () => Date;
  }
> = async (app, deps) => {
  const now = deps.clock ?? (() => new Date());
  const mailBudget = createMailBudget(deps.counters, deps.addressKey);
  /** Every route that sends a mail spends from one budget (mail-budget.ts). */
  const spendMailBudget = async (request: { ip: string; body: { email: string } }) =>
    mailBudget.take(request.ip, request.body.email);

  app.post(
    `${base}/register`,
    {
      preHandler: spendMailBudget,
      config: { access: 'guest' },
      schema: {
        tags,
        summary: 'Register; a verification mail is sent',
        body: registerBodySchema,
        response: { 201: empty, ...errorResponses(422, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // The link's token is made now, so this browser can be marked as the one that asked for
      // it (signup-browser.ts); the same for a known address, so the answer tells nothing.
      const link = createSecretToken();
      setSignupCookie(reply, link.token);
      // The answer must not tell a new address from a known one, even by its timing.
      app.runInBackground(request.log, 'registration', () => service.register(deps, body, link));
      return reply.status(201).send(envelope(null, AUTH_MESSAGES.registered, 201));
    },
  );

  app.post(
    `${base}/email/resend`,
    {
      preHandler: spendMailBudget,
      config: { access: 'guest' },
      schema: {
        tags,
        summary: 'Send the verification mail again',
        body: resendVerificationBodySchema,
        response: { 200: empty, ...errorResponses(422, 429) },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const link = createSecretToken();
      setSignupCookie(reply, link.token);
      app.runInBackground(request.log, 'verification resend', () =>
        service.resendVerification(deps, email, link),
      );
      return envelope(null, AUTH_MESSAGES.verificationResent);
    },
  );

  app.post(
    `${base}/update`,
    {
      validatorCompiler: multipartValidatorCompiler,
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Update the profile (multipart; only the fields sent change)',
        description:
          'multipart/form-data. `remove_avatar=true` deletes the avatar; a new `avatar` file ' +
          'replaces it. Images are re-encoded as WebP and stripped of all metadata.',
        consumes: ['multipart/form-data'],
        body: profileUpdateFormSchema,
        response: {
          200: successEnvelopeSchema(meSchema),
          ...errorResponses(401, 403, 415, 422),
        },
      },
    },
    async (request) => {
      const session = request.member;
      const body = await readMultipart(request, {
        memberId: session.user.id,
        fileFields: ['avatar'],
        maxFiles: 1,
        maxFileBytes: AVATAR_MAX_BYTES,
        fileTooLargeMessage: IMAGE_MESSAGES.tooLarge(AVATAR_MAX_BYTES),
      });
      const fields = parseFields(profileUpdateFieldsSchema, body.fields);
      const me = await service.updateProfile(deps, session.user, fields, body.files.get('avatar'));
      return envelope(me, AUTH_MESSAGES.profileUpdated);
    },
  );

  app.post(
    `${base}/password/change`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Change the password; other sessions are signed out',
        body: passwordChangeBodySchema,
        response: { 200: empty, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => {
      const session = request.member;
      await service.changePassword(
        deps,
        session,
        { currentPassword: request.body.current_password, password: request.body.password },
        now(),
      );
      return envelope(null, AUTH_MESSAGES.passwordChanged);
    },
  );

  app.post(
    `${base}/password/reset/request`,
    {
      preHandler: spendMailBudget,
      config: { access: 'guest' },
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer whether or not the address exists)',
        body: passwordResetRequestBodySchema,
        response: { 200: empty, ...errorResponses(422, 429) },
      },
    },
    async (request) => {
      const { email } = request.body;
      app.runInBackground(request.log, 'password reset request', () =>
        service.requestPasswordReset(deps, email),
      );
      return envelope(null, AUTH_MESSAGES.passwordResetSent);
    },
  );

  app.post(
    `${base}/password/reset`,
    {
      config: { access: 'guest' },
      schema: {
        tags,
        summary: 'Set a new password from the mailed link; every session is signed out',
        body: passwordResetBodySchema,
        response: { 200: empty, ...errorResponses(400, 422) },
      },
    },
    async (request) => {
      await service.resetPassword(deps, request.body);
      return envelope(null, AUTH_MESSAGES.passwordReset);
    },
  );

  app.post(
    `${base}/email/change/request`,
    {
      preHandler: spendMailBudget,
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Mail a confirmation link to a new address (and a notice to the current one)',
        body: emailChangeRequestBodySchema,
        response: { 200: empty, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request) => {
      const session = request.member;
      await service.requestEmailChange(deps, session.user, request.body, {
        sessionId: session.sessionId,
        now: now(),
      });
      return envelope(null, AUTH_MESSAGES.emailChangeSent);
    },
  );

  app.post(
    `${base}/email/change/verify/:token`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Switch to the new address from the mailed link',
        params: tokenParamsSchema,
        response: { 200: successEnvelopeSchema(meSchema), ...errorResponses(400, 409, 422) },
      },
    },
    async (request) =>
      envelope(
        await service.verifyEmailChange(deps, request.params.token),
        AUTH_MESSAGES.emailChanged,
      ),
  );

  app.post(
    `${base}/delete`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Leave the service: deletes the account and everything it owns',
        body: deleteAccountBodySchema,
        response: { 200: empty, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => {
      const session = request.member;
      await service.deleteAccount(deps, session.user, request.body.password);
      clearAuthCookie(reply);
      return envelope(null, AUTH_MESSAGES.accountDeleted);
    },
  );
};
