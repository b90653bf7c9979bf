import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirError, asDataDirError, checkDataDir } from './db/data-dir.js';
import { DataDirLockedError, openDatabase } from './db/database.js';
import { createImageSweeper } from './modules/images/image-sweep.js';
import { createLocalImageStorage } from './modules/images/image-storage.js';
import { createMailWorker } from './modules/mail/mail-outbox.service.js';
import { createMailTransport } from './modules/mail/mail-transport.js';
import { ensureStationData } from './modules/stations/station-import.service.js';

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

  const imageStorage = createLocalImageStorage(path.join(config.dataDir, 'images'));
  const app = await buildApp(config, { db: database.db, imageStorage });
  app.log.info({ driver: database.driver }, 'database ready');
  const imported = await ensureStationData(database.db, app.log);
  app.log.info(
    { ...imported },
    imported.skipped ? 'station data already loaded' : 'station data imported',
  );

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
    intervalMs: 5_000,
  });
  mailWorker.start();
  const imageSweeper = createImageSweeper({
    db: database.db,
    storage: imageStorage,
    uploadRoot: path.dirname(app.uploads.dir),
    ownUploadFolder: app.uploads.dir,
    log: app.log,
    intervalMs: 15 * 60_000,
  });
  imageSweeper.start();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      // Handlers whose clients went away may still be at work: let them finish first.
      if (!(await app.drainInFlight(5_000))) app.log.warn('shutdown: handlers still running');
      imageSweeper.stop();
      await mailWorker.stop();
      transport.close();
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
  app.log.info(`えきスポ is running at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
