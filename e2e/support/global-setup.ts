import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../apps/api/src/runtime.js';
import { writePgliteDataDir } from '../../apps/api/test/db-template.js';
import { findChromium } from './chromium.js';
import { saveMemberStates, seedMembers } from './seed-members.js';
import { startSmtpSink } from './smtp-sink.js';
import { freePort } from '../../apps/api/test/free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string | null;
    /** Where the test SMTP server writes every received message (see mailbox.ts). */
    mailDir: string;
    /** The seeded members' saved sessions (see members.ts). */
    memberStateDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/api/v2/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms`);
}

/**
 * Starts the built app as `npm start` would, on a free port, with its mail going over SMTP to
 * a real server here that keeps every message as a file. Its data folder is a copy of the
 * run's seeded database (migrated, stations imported: apps/api/test/db-template.ts), so the
 * server starts as an installation past its first start does.
 */
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  const required = process.env.CI === 'true' || process.env.REQUIRE_E2E === '1';
  if (!chromiumPath) {
    if (required)
      throw new Error(
        'Chromium is required for the browser journeys (apt-get install chromium-headless-shell fonts-noto-cjk)',
      );
    console.warn(
      '\n!!! No Chromium found: browser journeys are SKIPPED. Install it with: apt-get install chromium-headless-shell fonts-noto-cjk\n',
    );
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-e2e-'));
  await writePgliteDataDir(path.join(dataDir, 'pg'));
  await seedMembers(path.join(dataDir, 'pg'));
  const memberStateDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-e2e-members-'));
  const mailDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-e2e-mail-'));
  const smtp = await startSmtpSink(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = await fs.open(path.join(dataDir, 'server.log'), 'w');
  const server = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join(root, 'apps/api/dist/server.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        ...SERVER_ENV,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        LOG_LEVEL: 'warn',
        // Journeys never reach the network: the offline basemap only.
        MAP_TILE_URL: 'off',
        // Members made through the API say which client they are (X-Forwarded-For), so each
        // spends its own mail budget as separate people would (docs/security.md): the
        // journeys' clients, all on this machine, are believed as proxies are.
        TRUST_PROXY: 'loopback',
        // Mail and notifications reach the journeys within a fraction of a second, not 5 s.
        MAIL_POLL_INTERVAL_MS: '200',
        NOTIFICATION_POLL_INTERVAL_MS: '200',
        // The roster's members all signed up moments ago; the new-account limits are the API
        // tests' (apps/api/src/modules/newcomers/newcomers.test.ts), not the journeys'.
        NEWCOMER_POSTS_PER_HOUR: '1000',
        NEWCOMER_COMMENTS_PER_HOUR: '1000',
        NEWCOMER_LINKS_PER_HOUR: '1000',
      },
      stdio: ['ignore', log.fd, log.fd],
    },
  );
  try {
    await waitForHealth(baseUrl, server, 90_000);
    await saveMemberStates(baseUrl, memberStateDir);
  } catch (error) {
    server.kill('SIGKILL');
    await smtp.close();
    console.error(await fs.readFile(path.join(dataDir, 'server.log'), 'utf8'));
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('chromiumPath', chromiumPath);
  project.provide('mailDir', mailDir);
  project.provide('memberStateDir', memberStateDir);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await smtp.close();
    await log.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(mailDir, { recursive: true, force: true });
    await fs.rm(memberStateDir, { recursive: true, force: true });
  };
}
