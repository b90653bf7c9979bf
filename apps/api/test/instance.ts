import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const apiDir = path.resolve(import.meta.dirname, '..');
const root = path.resolve(apiDir, '../..');

/** The server runs from source through tsx; it imports @ekispot/shared's build. */
export async function ensureSharedBuilt(): Promise<void> {
  const built = path.join(root, 'packages/shared/dist/index.js');
  if (
    await fs.access(built).then(
      () => true,
      () => false,
    )
  )
    return;
  await promisify(execFile)('npm', ['run', 'build', '-w', 'packages/shared'], { cwd: root });
}

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

export interface Instance {
  name: string;
  /** Known once the process listens (see waitHealthy). */
  url: string;
  child: ChildProcess;
  /** Every JSON log line written so far. */
  logs: LogLine[];
  exited: Promise<number | null>;
  /** Sends a signal and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * One app process (src/server.ts, as `npm start` runs it) with its own data folder, on the
 * port given or one the system picks, configured by `env`; its JSON logs are collected.
 */
export async function startInstance(
  name: string,
  env: Record<string, string>,
  port = 0,
): Promise<Instance> {
  const listenPort = port;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `ekispot-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(listenPort),
      DATA_DIR: dataDir,
      MAP_TILE_URL: 'off',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      LOG_LEVEL: 'info',
      // The tests' members are all new accounts; their limits are tested on their own
      // (src/modules/newcomers/newcomers.test.ts).
      NEWCOMER_POSTS_PER_HOUR: '1000',
      NEWCOMER_COMMENTS_PER_HOUR: '1000',
      NEWCOMER_LINKS_PER_HOUR: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  let partial = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        logs.push({ level: 30, msg: line });
      }
    }
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  exited.then(() => fs.rm(dataDir, { recursive: true, force: true })).catch(() => undefined);
  const instance = {
    name,
    url: listenPort ? `http://127.0.0.1:${listenPort}` : '',
    child,
    logs,
    exited,
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
    // Used by waitHealthy for its error message.
    get stderr() {
      return stderr;
    },
  };
  // Fastify logs the address it listens on: that gives the port the system picked.
  child.stdout!.on('data', () => {
    if (instance.url) return;
    const line = logs.find((entry) =>
      /^Server listening at http:\/\/127\.0\.0\.1:\d+/.test(entry.msg),
    );
    if (line) instance.url = line.msg.replace('Server listening at ', '');
  });
  return instance as Instance;
}

/** Resolves once GET /api/v2/health answers 200; fails if the process exits first. */
export async function waitHealthy(instance: Instance, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null) {
      throw new Error(
        `${instance.name} exited with ${instance.child.exitCode}: ${(instance as unknown as { stderr: string }).stderr}`,
      );
    }
    const ok = await (
      instance.url ? fetch(`${instance.url}/api/v2/health`) : Promise.reject()
    ).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${instance.name} did not become healthy within ${timeoutMs} ms`);
}
