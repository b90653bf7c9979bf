import { randomUUID } from 'node:crypto';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ERROR_MESSAGES } from '@ekispot/shared';
import { z } from 'zod';
import type { AppConfig } from './config.js';
import type { Database } from './db/database.js';
import type { Redis } from 'ioredis';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createLocalImageStorage, type ImageStorage } from './modules/images/image-storage.js';
import { imagesRoutes } from './modules/images/images.routes.js';
import { devMailRoutes } from './modules/mail/dev-mail.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { mapRoutes } from './modules/map/map.routes.js';
import { postsRoutes } from './modules/posts/posts.routes.js';
import { createHeadRenderer } from './modules/share/share.service.js';
import { stationsRoutes } from './modules/stations/stations.routes.js';
import { authenticationPlugin } from './plugins/authentication.js';
import { errorsPlugin } from './plugins/errors.js';
import { inFlightPlugin } from './plugins/in-flight.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';
import { APP_VERSION } from './version.js';

// Default validation messages in Japanese (docs/product-rules.md#errors); schemas may still give
// their own.
z.config(z.locales.ja());

export interface AppDependencies {
  db: Database;
  /** Shared store for rate limits across instances (REDIS_URL); in-process when absent. */
  redis?: Redis;
  /** Where uploads live; the local folder DATA_DIR/images by default. */
  imageStorage?: ImageStorage;
}

/** Builds the whole app: plugins and modules. Never listens (server.ts does). */
export async function buildApp(config: AppConfig, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
    },
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    trustProxy: config.trustProxy,
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

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  await app.register(inFlightPlugin);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, { mapTileUrl: config.mapTileUrl });
  await app.register(cookie);
  await app.register(authenticationPlugin, { db: deps.db, publicUrl: config.publicUrl });
  // Upload limits are set per route by `readMultipart`; these only bound the worst case.
  await app.register(multipart, {
    // Oversized files are reported as field errors by `readMultipart`, not thrown mid-stream.
    throwFileSizeLimit: false,
    limits: { fileSize: 20 * 1024 * 1024, files: 10, fields: 100, parts: 200 },
  });
  await app.register(rateLimit, {
    global: false,
    ...(deps.redis ? { redis: deps.redis, nameSpace: 'ekispot-rl:' } : {}),
    // The error handler turns this into the 429 envelope; the plugin adds Retry-After.
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: 'RATE_LIMITED',
      message: 'rate limited',
    }),
  });
  await app.register(openapiPlugin, { version: APP_VERSION });

  await app.register(healthRoutes, { db: deps.db, version: APP_VERSION });
  await app.register(stationsRoutes, { db: deps.db });
  await app.register(mapRoutes, { db: deps.db });
  const imageStorage =
    deps.imageStorage ?? createLocalImageStorage(path.join(config.dataDir, 'images'));
  await app.register(authRoutes, {
    db: deps.db,
    publicUrl: config.publicUrl,
    storage: imageStorage,
  });
  await app.register(imagesRoutes, { db: deps.db, storage: imageStorage });
  await app.register(postsRoutes, { db: deps.db, storage: imageStorage });
  await app.register(mailRoutes, { db: deps.db });
  // Without SMTP in development, mails are readable at /dev/mail (and logged).
  if (config.env !== 'production' && !config.smtpUrl)
    await app.register(devMailRoutes, { db: deps.db });

  await app.register(webPlugin, {
    distDir: config.webDistDir,
    runtimeConfig: {
      map_tile_url: config.mapTileUrl ?? null,
      map_tile_attribution: config.mapTileUrl ? config.mapTileAttribution : null,
      public_url: config.publicUrl,
    },
    renderHead: createHeadRenderer(deps.db, config.publicUrl),
  });
  return app;
}
