import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../apps/api/src/runtime.js';
import { freePort } from '../../apps/api/test/free-port.js';

export const root = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  /** The server's process id (to sample its memory). */
  pid: number;
  /** Where its log lines go (kept after stop, for a look at what it wrote). */
  logFile?: string;
  stop(): Promise<void>;
}

/**
 * Starts the built server (run `npm run build` first) on a fresh data folder, or on
 * `dataDir` when given (then the folder is kept on stop, for a later start).
 */
export async function startServer(
  options: {
    databaseUrl?: string;
    dataDir?: string;
    /** More environment for the server (REDIS_URL, SHUTDOWN_DELAY_MS…). */
    env?: Record<string, string>;
    /** A fixed port (a restart behind a proxy keeps its address); a free one otherwise. */
    port?: number;
  } = {},
): Promise<RunningServer> {
  const entry = path.join(root, 'apps/api/dist/server.js');
  await fs.access(entry).catch(() => {
    throw new Error('apps/api/dist/server.js is missing: run `npm run build` first');
  });
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-bench-')));
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  // BENCH_CPU_PROF=<folder>: each server writes a V8 CPU profile there when it stops (open it in
  // Chrome's DevTools, Performance tab).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
    : [];
  // The server logs as in production (LOG_LEVEL's default, `info`: a line per request) to a file
  // beside its data, as a deployment's log collector would take it; `logFile` names it.
  const logFile = path.join(os.tmpdir(), `ekispot-bench-${port}.log`);
  const log = await fs.open(logFile, 'w');
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...profile, entry], {
    cwd: root,
    env: {
      ...process.env,
      ...SERVER_ENV,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      MAP_TILE_URL: 'off',
      // Seeded members are all new accounts; the benchmarks measure reads and writes, not the
      // new-account limits (docs/moderation.md#new-accounts).
      NEWCOMER_POSTS_PER_HOUR: '1000',
      NEWCOMER_COMMENTS_PER_HOUR: '1000',
      NEWCOMER_LINKS_PER_HOUR: '1000',
      ...options.env,
    },
    stdio: ['ignore', log.fd, 'inherit'],
  });
  await log.close();
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start');
    const ok = await fetch(`${url}/api/v2/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    pid: child.pid ?? 0,
    logFile,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (!options.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
