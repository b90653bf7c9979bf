import {
  API_BASE_PATH,
  NOTIFICATION_STREAM_HEARTBEAT_MS,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationReadBodySchema,
  successEnvelopeSchema,
  unreadCountSchema,
} from '@ekispot/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { envelope } from '../../lib/envelope.js';
import { replyWithStream, STREAMS_FULL_RETRY_S } from '../../lib/event-stream.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { createMemoryHub, createRedisHub, type NotificationHub } from './notification-hub.js';
import { openNotificationStream, parseEventId, type OpenStream } from './notification-stream.js';
import { createNotificationWorker, type NotificationWorker } from './notification-worker.js';
import { NOTIFICATION_MESSAGES as M } from './notifications.messages.js';
import * as service from './notifications.service.js';
import type { StreamCursor } from './notifications.service.js';
import { notificationRateLimits, STREAMS_PER_MEMBER } from './rate-limits.js';
import { HttpError } from '../../lib/http-error.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live fan-out and the background worker (docs/notifications.md). */
    notifications: { hub: NotificationHub; worker: NotificationWorker };
  }
}

const tags = ['notifications'];

export interface NotificationsDeps {
  db: Database;
  publicUrl: string;
  redis?: Redis;
  /** The Redis channel of this deployment (tests use one per run). */
  redisChannel: string;
  /** The worker polls while the server listens; tests call `drain()` instead. */
  workerIntervalMs?: number;
  /** Streams this instance holds open at most, all members together (OPEN_STREAMS_MAX). */
  openStreamsMax: number;
}

/** What the browser sent as Last-Event-ID (or `?last_event_id=`), if this server wrote it. */
function lastEventIdOf(header: unknown, query: string | undefined): StreamCursor | null {
  const raw = typeof header === 'string' ? header : query;
  return raw === undefined ? null : parseEventId(raw);
}

const routes: FastifyPluginAsyncZod<{
  db: Database;
  streams: Set<OpenStream>;
  openStreamsMax: number;
}> = async (app, deps) => {
  const base = `${API_BASE_PATH}/notifications`;

  app.get(
    base,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Notifications grouped by type and target within a day, newest first',
        querystring: notificationListQuerySchema,
        response: {
          200: successEnvelopeSchema(notificationPageSchema),
          ...errorResponses(401, 422),
        },
      },
    },
    async (request, reply) => {
      const { user } = request.member;
      reply.header('Cache-Control', 'private, no-store');
      return envelope(await service.listNotifications(deps.db, user.id, request.query));
    },
  );

  app.get(
    `${base}/unread-count`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'How many notifications are unread',
        response: { 200: successEnvelopeSchema(unreadCountSchema), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const { user } = request.member;
      reply.header('Cache-Control', 'private, no-store');
      return envelope({ unread_count: await service.countUnread(deps.db, user.id) });
    },
  );

  app.post(
    `${base}/read`,
    {
      config: { access: 'member', rateLimit: notificationRateLimits.write },
      schema: {
        tags,
        summary: 'Marks notifications read: the ids given, or all',
        // No body at all (Fastify gives null) marks everything read, as an empty object does.
        body: notificationReadBodySchema.nullish(),
        response: {
          200: successEnvelopeSchema(unreadCountSchema),
          ...errorResponses(401, 422),
        },
      },
    },
    async (request) => {
      const { user } = request.member;
      const { unread, changed } = await service.markRead(
        deps.db,
        user.id,
        request.body?.ids ?? null,
      );
      // The member's other open streams show the new count (the write has committed).
      if (changed) app.notifications.hub.publish([user.id]);
      return envelope({ unread_count: unread }, M.readDone);
    },
  );

  app.get(
    `${base}/preferences`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Which notification types also come by mail',
        response: {
          200: successEnvelopeSchema(notificationPreferencesSchema),
          ...errorResponses(401),
        },
      },
    },
    async (request) => {
      const { user } = request.member;
      return envelope(await service.getPreferences(deps.db, user.id));
    },
  );

  app.put(
    `${base}/preferences`,
    {
      config: { access: 'member', rateLimit: notificationRateLimits.write },
      schema: {
        tags,
        summary: 'Chooses which notification types also come by mail',
        body: notificationPreferencesSchema,
        response: {
          200: successEnvelopeSchema(notificationPreferencesSchema),
          ...errorResponses(401, 422),
        },
      },
    },
    async (request) => {
      const { user } = request.member;
      return envelope(
        await service.savePreferences(deps.db, user.id, request.body),
        M.preferencesSaved,
      );
    },
  );

  app.get(
    `${base}/stream`,
    {
      compress: false,
      config: {
        access: 'member',
        requestTimeoutMs: false,
        rateLimit: notificationRateLimits.stream,
      },
      schema: {
        tags,
        summary: 'Live notifications and unread counts (Server-Sent Events; Last-Event-ID resumes)',
        produces: ['text/event-stream'],
        querystring: z.object({ last_event_id: z.string().max(400).optional() }),
        response: {
          200: z
            .unknown()
            .meta({ description: 'text/event-stream: notification and unread events' }),
          ...errorResponses(401, 429, 503),
        },
      },
    },
    async (request, reply) => {
      const { user } = request.member;
      const held = [...deps.streams].filter((open) => open.userId === user.id).length;
      if (held >= STREAMS_PER_MEMBER) throw new HttpError('RATE_LIMITED', M.tooManyStreams);
      if (deps.streams.size >= deps.openStreamsMax)
        throw new HttpError('SERVICE_UNAVAILABLE', M.busy, null, {
          'retry-after': String(STREAMS_FULL_RETRY_S),
        });
      // The stream may end before it is returned (shutdown has begun): counted only if open.
      let counted: OpenStream | null = null;
      const open = await openNotificationStream({
        app,
        db: deps.db,
        hub: app.notifications.hub,
        userId: user.id,
        session: { id: request.member.sessionId, expiresAt: request.member.sessionExpiresAt },
        lastEventId: lastEventIdOf(request.headers['last-event-id'], request.query.last_event_id),
        heartbeatMs: NOTIFICATION_STREAM_HEARTBEAT_MS,
        log: request.log,
        onClose: () => {
          if (counted) deps.streams.delete(counted);
        },
      });
      if (!open.stream.closed) {
        counted = open;
        deps.streams.add(open);
      }
      return replyWithStream(reply, open.stream);
    },
  );
};

/**
 * Notifications for the whole app: the hub (Redis when given), the worker, and the routes.
 * What a commit tells (modules/effects/effects.service.ts) reaches the hub through
 * `connectLiveStreams`, which app.ts hands the hub's `publish`.
 */
export const notificationsPlugin = fp(
  async (parent: FastifyInstance, deps: NotificationsDeps) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    const hub = deps.redis
      ? await createRedisHub({
          redis: deps.redis,
          channel: deps.redisChannel,
          onError: (error) => app.log.warn({ err: error }, 'notification hub: redis error'),
        })
      : createMemoryHub();
    const worker = createNotificationWorker({
      db: deps.db,
      hub,
      publicUrl: deps.publicUrl,
      log: app.log,
      intervalMs: deps.workerIntervalMs,
    });
    app.decorate('notifications', { hub, worker });

    const streams = new Set<OpenStream>();
    app.workers.add('notification worker', worker);
    // After the workers have stopped (they stop before the app closes).
    app.addHook('onClose', async () => hub.close());

    await app.register(routes, { db: deps.db, streams, openStreamsMax: deps.openStreamsMax });
  },
  { name: 'notifications' },
);
