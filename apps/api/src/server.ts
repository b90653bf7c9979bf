import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirError, asDataDirError, checkDataDir, keepDataDirPrivate } from './db/data-dir.js';
import { DataDirLockedError, LOCK_KEYS, openDatabase, withStartupLock } from './db/database.js';
import { closeRedis, connectRedis, createRedisClient } from './lib/redis.js';
import { imageStorageFromConfig } from './modules/images/image-storage-config.js';
import { createImageSweeper } from './modules/images/image-sweep.js';
import { S3UrlError } from './modules/images/s3-image-storage.js';
import { createMailWorker } from './modules/mail/mail-outbox.service.js';
import { createMailTransport } from './modules/mail/mail-transport.js';
import { startAdminSocket } from './modules/moderation/admin-socket.js';
import { createModerationDigestWorker } from './modules/takedowns/takedowns.service.js';
import {
  ensureStationData,
  stationDataSourceOf,
} from './modules/stations/station-import.service.js';
import { loadStationReadModel } from './modules/stations/stations.service.js';
import { backfillSearchIndex } from './modules/search/search-index.service.js';

/** Loads config, opens the database, builds the app, listens, and shuts down gracefully. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let database;
  try {
    // First: everything made from here on (the database's files, uploads, the admin socket) is
    // its owner's alone.
    await keepDataDirPrivate(config.dataDir);
    await checkDataDir(config.dataDir);
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      timeoutMs: config.databaseTimeoutMs,
    }).catch((error: unknown) => {
      throw asDataDirError(error, config.dataDir);
    });
  } catch (error) {
    if (error instanceof DataDirLockedError || error instanceof DataDirError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let imageStorage;
  try {
    imageStorage = imageStorageFromConfig(config);
  } catch (error) {
    if (error instanceof S3UrlError) {
      console.error(`Invalid configuration:\n  - ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  // One Redis client for the process (rate limits, counters; others duplicate() it). Starting
  // without it is allowed: counts stay in this process until it answers (lib/redis.ts).
  const redis = config.redisUrl ? createRedisClient(config.redisUrl) : undefined;
  const app = await buildApp(config, { db: database.db, imageStorage, redis });
  if (redis && !(await connectRedis(redis, app.log, 3_000)))
    app.log.warn('redis not reachable at start: counting in this process until it answers');
  app.log.info(
    { driver: database.driver, images: imageStorage.description, redis: Boolean(redis) },
    'database ready',
  );
  // Instances starting together import once: the first holds the lock, the others then find
  // the import recorded and skip it.
  let stationData;
  try {
    stationData = await stationDataSourceOf(config.stationImportDir);
  } catch (error) {
    console.error(`Invalid configuration:\n  - ${(error as Error).message}`);
    process.exit(1);
  }
  const imported = await withStartupLock(config.databaseUrl, LOCK_KEYS.stationImport, () =>
    ensureStationData(database.db, app.log, stationData),
  );
  app.log.info(
    { ...imported },
    imported.skipped ? 'station data already loaded' : 'station data imported',
  );
  // Station reads are served from memory (docs/stations.md#read-model): load it before listening.
  app.log.info(await loadStationReadModel(database.db), 'station read model loaded');
  // Posts and comments written before the search index existed are indexed once (docs/search.md).
  const indexed = await backfillSearchIndex(database.db);
  if (indexed > 0) app.log.info({ indexed }, 'search index backfilled');

  // Requests only queue mail; this worker sends it, retrying through SMTP outages.
  const transport = createMailTransport({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
  });
  const mailWorker = createMailWorker({
    db: database.db,
    transport,
    log: app.log,
    intervalMs: config.mailPollIntervalMs,
  });
  const imageSweeper = createImageSweeper({
    db: database.db,
    storage: imageStorage,
    uploadRoot: path.dirname(app.uploads.dir),
    ownUploadFolder: app.uploads.dir,
    log: app.log,
    intervalMs: 15 * 60_000,
  });
  // Once a Japan day, the moderators hear what waits for them (docs/moderation.md#daily-digest).
  const digestWorker = createModerationDigestWorker({
    db: database.db,
    publicUrl: config.publicUrl,
    log: app.log,
    intervalMs: config.moderationDigestIntervalMs,
  });
  // With the modules' own (the notification, push, … workers, added as they registered): all
  // start when the app listens and stop, last added first, as it closes
  // (docs/architecture.md#background-workers).
  app.workers.add('mail worker', mailWorker);
  app.workers.add('image sweeper', imageSweeper);
  app.workers.add('moderation digest', digestWorker);

  // Opened once the app listens; shutdown may come before.
  const admin: { socket?: { close(): Promise<void> } } = {};
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Readiness answers 503 and answers close their connections from now on; after the
    // delay (the load balancer has seen it), the listener closes and requests in flight
    // finish, within a bound (docs/deploy.md#graceful-shutdown).
    app.startDraining();
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, config.shutdownDelayMs + 10_000);
    timer.unref();
    try {
      if (config.shutdownDelayMs > 0) {
        await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
      }
      await app.close();
      // Handlers whose clients went away may still be at work: let them finish first.
      if (!(await app.drainInFlight(5_000))) app.log.warn('shutdown: handlers still running');
      await admin.socket?.close();
      // The workers stopped as the app closed; the mail worker no longer uses the transport.
      transport.close();
      if (redis) await closeRedis(redis);
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // The embedded database is this process's alone: `npm run admin` reaches it through here.
  if (!config.databaseUrl)
    admin.socket = await startAdminSocket({
      dataDir: config.dataDir,
      db: database.db,
      log: app.log,
    });
  app.log.info(`えきスポ is running at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
