import { randomUUID } from 'node:crypto';
import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino from 'pino';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, japaneseLocale } from '@ekispot/shared';
import { z } from 'zod';
import type { AppConfig } from './config.js';
import type { Database } from './db/database.js';
import type { Redis } from 'ioredis';
import { archivePlugin } from './modules/archive/archive.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { verificationRoutes } from './modules/auth/verification.routes.js';
import { passkeyRoutes } from './modules/auth/passkeys.routes.js';
import { securityRoutes } from './modules/auth/security.routes.js';
import { sessionRoutes } from './modules/auth/sessions.routes.js';
import { setPasswordHashMemory } from './modules/auth/passwords.js';
import { createLocalImageStorage, type ImageStorage } from './modules/images/image-storage.js';
import { imagesRoutes } from './modules/images/images.routes.js';
import { devMailRoutes } from './modules/mail/dev-mail.routes.js';
import { listsRoutes } from './modules/lists/lists.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { mapRoutes } from './modules/map/map.routes.js';
import { notificationsPlugin } from './modules/notifications/notifications.routes.js';
import { connectLiveStreams } from './modules/effects/effects.service.js';
import { createWorkerSet } from './lib/background-workers.js';
import { postsRoutes } from './modules/posts/posts.routes.js';
import { pushPlugin } from './modules/push/push.routes.js';
import { mapImageRoutes } from './modules/share/map-image.routes.js';
import { ogRoutes } from './modules/share/og.routes.js';
import { createHeadRenderer } from './modules/share/share.service.js';
import { stationsRoutes } from './modules/stations/stations.routes.js';
import { timelinesRoutes } from './modules/timelines/timelines.routes.js';
import { createTimelineReads } from './modules/posts/timeline.service.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { ridesRoutes } from './modules/rides/rides.routes.js';
import { stampsRoutes } from './modules/stamps/stamps.routes.js';
import { rankingsRoutes } from './modules/rankings/rankings.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { seoRoutes } from './modules/seo/seo.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { moderationRoutes } from './modules/moderation/moderation.routes.js';
import { takedownsRoutes } from './modules/takedowns/takedowns.routes.js';
import { accessPlugin } from './plugins/access.js';
import { errorsPlugin, sendError } from './plugins/errors.js';
import { idempotencyPlugin } from './plugins/idempotency.js';
import { inFlightPlugin } from './plugins/in-flight.js';
import { openapiPlugin } from './plugins/openapi.js';
import { createPageCache, pageCachePlugin } from './plugins/page-cache.js';
import { requestBodiesPlugin } from './plugins/request-bodies.js';
import { requestTimeoutPlugin } from './plugins/request-timeout.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';
import { createSessionReader } from './plugins/authentication.js';
import { moderatorCheckOf } from './plugins/moderator-pages.js';
import { APP_VERSION } from './version.js';
import { createMemoryCounterStore, createResilientCounterStore } from './lib/counter-store.js';
import { counterRateLimitStore } from './lib/rate-limit-store.js';
import { loadAddressKey } from './lib/address-key.js';
import { appLogOptions, createLogOutput, requestLogController } from './lib/logger.js';
import { lazyChildLogger } from './lib/lazy-child-logger.js';

// Default validation messages in our Japanese (docs/product-rules.md#errors,
// packages/shared/src/zod-japanese.ts); schemas may still give their own.
z.config(japaneseLocale());

export interface AppDependencies {
  db: Database;
  /**
   * The process's one Redis client (REDIS_URL), made and closed by server.ts: rate limits and
   * counters are shared through it across instances; in-process when absent or unreachable.
   */
  redis?: Redis;
  /** Where uploads live; the local folder DATA_DIR/images by default. */
  imageStorage?: ImageStorage;
  /** The Redis pub/sub channel of notification fan-out (tests give each run its own). */
  notificationChannel?: string;
  /** The Redis pub/sub channel on which instances tell each other of writes (kept pages). */
  pageCacheChannel?: string;
  /** Where log lines go; standard output by default. */
  logStream?: { write(line: string): void };
  /** The time stamps and rankings are decided at; the system clock by default (tests move it). */
  clock?: () => Date;
  /**
   * How the app waits on purpose (the login slowdown, login-throttle.ts); a timer by default.
   * Tests record the waits instead of spending them.
   */
  wait?: (ms: number) => Promise<unknown>;
}

/** Builds the whole app: plugins and modules. Never listens (server.ts does). */
export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  // The app's lines and one line per answered request share one buffered output
  // (lib/logger.ts); the server flushes it when it stops.
  const logOutput = createLogOutput(deps.logStream);
  const app = Fastify({
    loggerInstance: pino(appLogOptions(config.logLevel), logOutput.stream) as FastifyBaseLogger,
    logController: requestLogController(config.logLevel, logOutput),
    // Each request's logger is made on its first line (lib/lazy-child-logger.ts).
    childLoggerFactory: lazyChildLogger,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    trustProxy: config.trustProxy,
    // A path that cannot be decoded (`%ZZ`, a lone surrogate) or an over-long id still gets
    // the envelope, not Fastify's own error body.
    frameworkErrors: (error, _request, reply) =>
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? sendError(reply, 'URI_TOO_LONG')
        : sendError(reply, 'BAD_REQUEST'),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Requests Node cannot even parse (bad URL bytes, oversized headers) still get the envelope.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return;
      const body = JSON.stringify({
        data: null,
        message: ERROR_MESSAGES.BAD_REQUEST,
        status: 400,
        success: false,
        code: 'BAD_REQUEST',
        errors: null,
      });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Lines still buffered leave when the app closes (and, at the latest, when the process exits).
  app.addHook('onClose', (_instance, done) => {
    logOutput.flush();
    done();
  });
  // Every background worker is added to this set and runs while the app listens: started in
  // the order added, stopped last-added first as the app closes (lib/background-workers.ts).
  app.decorate('workers', createWorkerSet(app.log));
  app.addHook('onListen', async () => app.workers.start());
  app.addHook('preClose', async () => app.workers.stop());
  setPasswordHashMemory(config.passwordHashMemoryKib);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Hooks on every request take a callback, not a promise: cheaper on each read.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  await app.register(inFlightPlugin);

  await app.register(errorsPlugin);
  await app.register(requestTimeoutPlugin, { timeoutMs: config.requestTimeoutMs });
  await app.register(securityPlugin, { mapTileUrl: config.mapTileUrl });
  await app.register(cookie);
  // Before any route: every route declares its access, and this enforces it (deny by default).
  await app.register(accessPlugin, {
    db: deps.db,
    publicUrl: config.publicUrl,
    acceptRequestOrigin: config.env !== 'production',
  });
  // Member writes declared `idempotent` are done once per Idempotency-Key (offline retries).
  await app.register(idempotencyPlugin, { db: deps.db });
  await app.register(requestBodiesPlugin, { uploadDir: path.join(config.dataDir, 'uploads-tmp') });
  // One set of counters for the whole app: in Redis when configured (shared by every
  // instance), falling back to this process's memory while Redis is unreachable.
  const counters = deps.redis
    ? createResilientCounterStore(deps.redis, app.log, { prefix: `${config.redisKeyPrefix}count:` })
    : createMemoryCounterStore();
  await app.register(rateLimit, {
    global: false,
    store: counterRateLimitStore(counters),
    // The error handler turns this into the 429 envelope; the plugin adds Retry-After.
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: 'RATE_LIMITED',
      message: 'rate limited',
    }),
  });
  await app.register(openapiPlugin, { version: APP_VERSION });

  await app.register(notificationsPlugin, {
    db: deps.db,
    publicUrl: config.publicUrl,
    redis: deps.redis,
    redisChannel: deps.notificationChannel ?? `${config.redisKeyPrefix}notifications`,
    workerIntervalMs: config.notificationPollIntervalMs,
    openStreamsMax: config.openStreamsMax,
  });
  // What commits on this database pokes reaches this app's live streams, whether a request, a
  // job or the admin socket wrote it (modules/effects/effects.service.ts).
  const disconnectStreams = connectLiveStreams(deps.db, {
    publish: (topics) => app.notifications.hub.publish(topics),
    log: app.log,
  });
  app.addHook('onClose', async () => disconnectStreams());
  await app.register(pushPlugin, {
    db: deps.db,
    config: config.push,
    publicUrl: config.publicUrl,
    workerIntervalMs: config.notificationPollIntervalMs,
  });
  // Before the modules, so every write they answer drops the kept pages.
  const pageCache = createPageCache();
  await app.register(pageCachePlugin, {
    cache: pageCache,
    redis: deps.redis,
    redisChannel: deps.pageCacheChannel ?? `${config.redisKeyPrefix}pages`,
  });
  await app.register(healthRoutes, { db: deps.db, version: APP_VERSION });
  await app.register(stationsRoutes, { db: deps.db });
  await app.register(mapRoutes, { db: deps.db });
  const imageStorage =
    deps.imageStorage ?? createLocalImageStorage(path.join(config.dataDir, 'images'));
  // How an address appears in a counter's key: keyed by a secret all instances share.
  const addressKey = await loadAddressKey(deps.db);
  await app.register(authRoutes, {
    db: deps.db,
    counters,
    addressKey,
    ...(deps.wait && { wait: deps.wait }),
    ...(deps.clock && { clock: deps.clock }),
    publicUrl: config.publicUrl,
    storage: imageStorage,
  });
  const accountDeps = {
    db: deps.db,
    publicUrl: config.publicUrl,
    storage: imageStorage,
    ...(deps.clock && { clock: deps.clock }),
  };
  await app.register(sessionRoutes, {
    ...accountDeps,
    counters,
    addressKey,
    ...(deps.wait && { wait: deps.wait }),
  });
  await app.register(securityRoutes, accountDeps);
  await app.register(passkeyRoutes, { ...accountDeps, counters, addressKey });
  await app.register(verificationRoutes, {
    db: deps.db,
    publicUrl: config.publicUrl,
    storage: imageStorage,
  });
  await app.register(imagesRoutes, {
    db: deps.db,
    storage: imageStorage,
    generation: pageCache.generation,
  });
  await app.register(postsRoutes, {
    db: deps.db,
    storage: imageStorage,
    newcomerLimits: config.newcomerLimits,
    counters,
  });
  await app.register(usersRoutes, { db: deps.db });
  const clock = deps.clock ?? (() => new Date());
  await app.register(stampsRoutes, { db: deps.db, clock });
  await app.register(ridesRoutes, { db: deps.db, clock });
  await app.register(rankingsRoutes, { db: deps.db, clock });
  await app.register(searchRoutes, { db: deps.db, clock });
  await app.register(timelinesRoutes, {
    db: deps.db,
    // Kept between writes, as the pages are (docs/timelines.md#reading).
    reads: createTimelineReads({ db: deps.db, generation: pageCache.generation }),
    openStreamsMax: config.openStreamsMax,
    clock,
  });
  await app.register(listsRoutes, {
    db: deps.db,
    publicUrl: config.publicUrl,
    generation: pageCache.generation,
  });
  await app.register(mailRoutes, { db: deps.db });
  await app.register(archivePlugin, {
    db: deps.db,
    storage: imageStorage,
    publicUrl: config.publicUrl,
    clock,
    dataDir: config.dataDir,
  });
  await app.register(reportsRoutes, { db: deps.db, counters });
  await app.register(moderationRoutes, { db: deps.db, storage: imageStorage });
  await app.register(takedownsRoutes, {
    db: deps.db,
    publicUrl: config.publicUrl,
    counters,
    addressKey,
  });
  await app.register(seoRoutes, { db: deps.db, publicUrl: config.publicUrl });
  await app.register(ogRoutes, { db: deps.db, storage: imageStorage });
  await app.register(mapImageRoutes, { db: deps.db, storage: imageStorage });
  // Without SMTP in development, mails are logged, and readable at /dev/mail where that is safe.
  if (config.devMailbox) await app.register(devMailRoutes, { db: deps.db });

  await app.register(webPlugin, {
    distDir: config.webDistDir,
    runtimeConfig: {
      map_tile_url: config.mapTileUrl ?? null,
      map_tile_attribution: config.mapTileUrl ? config.mapTileAttribution : null,
      public_url: config.publicUrl,
    },
    renderHead: createHeadRenderer(deps.db, config.publicUrl),
    assetArchive: imageStorage,
    pageCache,
    isModerator: moderatorCheckOf(
      createSessionReader({ db: deps.db, publicUrl: config.publicUrl }),
    ),
  });
  return app;
}
