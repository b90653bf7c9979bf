import {
  API_BASE_PATH,
  successEnvelopeSchema,
  TAKEDOWN_CONFIRM_HOURS,
  TAKEDOWNS_PER_HOUR,
  takedownConfirmResultSchema,
  takedownCreateBodySchema,
  takedownQueueSchema,
  tokenParamsSchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import type { AddressKey } from '../../lib/address-key.js';
import type { CounterStore } from '../../lib/counter-store.js';
import { envelope } from '../../lib/envelope.js';
import { HttpError } from '../../lib/http-error.js';
import { errorResponses } from '../../lib/route-schemas.js';
import * as service from './takedowns.service.js';

const tags = ['takedowns'];
const WINDOW_MS = 60 * 60 * 1000;

export interface TakedownRoutesDeps {
  db: Database;
  publicUrl: string;
  /** The app's counters (Redis or memory): the per-client and per-address hourly limits. */
  counters: CounterStore;
  /** How an address appears in a counter's key (lib/address-key.ts). */
  addressKey: AddressKey;
}

/**
 * 削除の申し出 (docs/moderation.md#takedown-requests): the public form's two calls, and the
 * moderators' list of confirmed requests.
 */
export const takedownsRoutes: FastifyPluginAsyncZod<TakedownRoutesDeps> = async (app, deps) => {
  /**
   * A request whose URL passes is counted per client IP and per mail address (hashed), each
   * TAKEDOWNS_PER_HOUR an hour; a mistyped URL costs nothing, since it sends no mail.
   */
  const spendBudget = async (request: { ip: string; body: { url: string; email: string } }) => {
    service.assertTakedownUrl(deps, request.body.url);
    const [byClient, byAddress] = await Promise.all([
      deps.counters.hit(`takedown:ip:${request.ip}`, WINDOW_MS),
      deps.counters.hit(`takedown:to:${deps.addressKey(request.body.email)}`, WINDOW_MS),
    ]);
    const waitMs = Math.max(
      byClient.count > TAKEDOWNS_PER_HOUR ? byClient.resetInMs : 0,
      byAddress.count > TAKEDOWNS_PER_HOUR ? byAddress.resetInMs : 0,
    );
    if (waitMs > 0)
      throw new HttpError('RATE_LIMITED', undefined, null, {
        'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
      });
  };

  app.post(
    `${API_BASE_PATH}/takedowns`,
    {
      preHandler: spendBudget,
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Ask for a page to be taken down (削除の申し出); a confirmation mail is sent',
        description:
          'Anyone may ask. The URL must be a post, comment, member or list page of this site ' +
          `(422 on url otherwise). The request waits until the mailed link (valid ` +
          `${TAKEDOWN_CONFIRM_HOURS} h) is opened; at most ${TAKEDOWNS_PER_HOUR} an hour per ` +
          'client and per address (429).',
        body: takedownCreateBodySchema,
        response: { 202: successEnvelopeSchema(z.null()), ...errorResponses(422, 429) },
      },
    },
    async (request, reply) => {
      await service.createTakedown(deps, request.body);
      return reply.status(202).send(envelope(null, service.TAKEDOWN_MESSAGES.sent, 202));
    },
  );

  app.post(
    `${API_BASE_PATH}/takedowns/confirm/:token`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Confirm a takedown request from its mailed link; a receipt is mailed',
        description:
          'The request joins the moderators’ queue. A second confirmation answers ' +
          '`already_confirmed: true`; an unknown or expired link is a 400.',
        params: tokenParamsSchema,
        response: {
          200: successEnvelopeSchema(takedownConfirmResultSchema),
          ...errorResponses(400, 422),
        },
      },
    },
    async (request) => {
      const { result, message } = await service.confirmTakedown(deps, request.params.token);
      return envelope(result, message);
    },
  );

  app.get(
    `${API_BASE_PATH}/moderation/takedowns`,
    {
      config: { access: 'moderator' },
      schema: {
        tags: ['moderation'],
        summary: 'Confirmed open takedown requests, the longest-waiting first (moderators only)',
        response: { 200: successEnvelopeSchema(takedownQueueSchema), ...errorResponses(404) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return envelope({ items: await service.openTakedowns(deps.db) });
    },
  );
};
