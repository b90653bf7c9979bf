import {
  API_BASE_PATH,
  pushKeySchema,
  pushPreferencesSchema,
  pushSubscriptionBodySchema,
  pushSubscriptionResultSchema,
  pushUnsubscribeBodySchema,
  successEnvelopeSchema,
} from '@ekispot/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PushConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { requesterKey } from '../../lib/auth-token.js';
import { envelope } from '../../lib/envelope.js';
import type { AddressPolicy } from '../../lib/public-address.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { createPushSender, type VapidKeys } from './push-sender.js';
import { createPushWorker, type PushWorker } from './push-worker.js';
import { PUSH_MESSAGES as M } from './push.messages.js';
import * as service from './push.service.js';
import { createVapidKeySource } from './vapid-keys.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web Push's sending worker (docs/pwa.md#push). */
    push: { worker: PushWorker };
  }
}

const tags = ['push'];

/** Registering devices and saving choices: plenty for people, short for scripts. */
const writeLimit = {
  max: 60,
  timeWindow: 10 * 60_000,
  keyGenerator: (request: FastifyRequest) => `push-write:${requesterKey(request)}`,
};

const routes: FastifyPluginAsyncZod<{
  db: Database;
  policy: AddressPolicy;
  vapidKeys: () => Promise<VapidKeys>;
}> = async (app, deps) => {
  const base = `${API_BASE_PATH}/push`;

  app.get(
    `${base}/key`,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The server's VAPID public key, for pushManager.subscribe",
        response: { 200: successEnvelopeSchema(pushKeySchema) },
      },
    },
    async () => envelope({ public_key: (await deps.vapidKeys()).publicKey }),
  );

  app.post(
    `${base}/subscriptions`,
    {
      config: { access: 'member', rateLimit: writeLimit },
      schema: {
        tags,
        summary: "Registers this device's push subscription for the signed-in member",
        body: pushSubscriptionBodySchema,
        response: {
          200: successEnvelopeSchema(pushSubscriptionResultSchema),
          ...errorResponses(401, 422, 429),
        },
      },
    },
    async (request) => {
      const { user, sessionId } = request.member;
      const result = await service.subscribe(
        deps.db,
        deps.policy,
        { userId: user.id, sessionId },
        request.body,
        request.headers['user-agent'],
      );
      return envelope(result, M.subscribed);
    },
  );

  app.delete(
    `${base}/subscriptions`,
    {
      config: { access: 'member', rateLimit: writeLimit },
      schema: {
        tags,
        summary: "Removes this device's push subscription (the member's own only)",
        body: pushUnsubscribeBodySchema,
        response: {
          200: successEnvelopeSchema(pushSubscriptionResultSchema),
          ...errorResponses(401, 404, 422, 429),
        },
      },
    },
    async (request) => {
      const { user } = request.member;
      const result = await service.unsubscribe(deps.db, user.id, request.body.endpoint);
      return envelope(result, M.unsubscribed);
    },
  );

  app.get(
    `${base}/preferences`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Which notification types are pushed, and the quiet hours',
        response: {
          200: successEnvelopeSchema(pushPreferencesSchema),
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return envelope(await service.getPreferences(deps.db, request.member.user.id));
    },
  );

  app.put(
    `${base}/preferences`,
    {
      config: { access: 'member', rateLimit: writeLimit },
      schema: {
        tags,
        summary: 'Chooses which notification types are pushed, and the quiet hours',
        body: pushPreferencesSchema,
        response: {
          200: successEnvelopeSchema(pushPreferencesSchema),
          ...errorResponses(401, 422, 429),
        },
      },
    },
    async (request) => {
      const saved = await service.savePreferences(deps.db, request.member.user.id, request.body);
      return envelope(saved, M.preferencesSaved);
    },
  );
};

export interface PushDeps {
  db: Database;
  config: PushConfig;
  publicUrl: string;
  /** The worker polls while the server listens; tests call `drain()` instead. */
  workerIntervalMs: number;
}

/**
 * Web Push for the whole app: the routes and the worker that sends what the notifications
 * queue (docs/pwa.md#push).
 */
export const pushPlugin = fp(
  async (parent: FastifyInstance, deps: PushDeps) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    const policy: AddressPolicy = { allowedTestHosts: deps.config.allowedTestHosts };
    const vapidKeys = createVapidKeySource(deps.db, deps.config.vapidKeys);
    const sender = createPushSender({
      policy,
      subject: deps.config.subject,
      testCaFile: deps.config.testCaFile,
    });
    const worker = createPushWorker({
      db: deps.db,
      sender,
      vapidKeys,
      publicUrl: deps.publicUrl,
      log: app.log,
      intervalMs: deps.workerIntervalMs,
    });
    app.decorate('push', { worker });
    app.workers.add('push worker', worker);
    // After the workers have stopped (they stop before the app closes).
    app.addHook('onClose', async () => sender.close());
    await app.register(routes, { db: deps.db, policy, vapidKeys });
  },
  { name: 'push' },
);
