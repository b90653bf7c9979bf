import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { withFileLock } from './file-lock.js';

const apiDir = path.resolve(import.meta.dirname, '..');
const root = path.resolve(apiDir, '../..');

/** The server imports @ekispot/shared's build. */
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

/**
 * The server compiled to JavaScript as `npm start` runs it (the API's build, without a type
 * check: about a second), into `dist-test/` beside `dist/`, which `npm test`'s other lane
 * rebuilds at the same time. Each process started from it begins in a fraction of the CPU time
 * tsx spends compiling the sources at every start (docs/testing.md#processes). Built when the
 * sources change: a stamp in the folder holds a hash of them, and a lock lets one test build
 * while the others wait.
 */
const serverBuildDir = path.join(apiDir, 'dist-test');
const BUILD_INPUTS = ['src', 'tsconfig.build.json', 'tsconfig.json', '../../tsconfig.base.json'];
let serverBuilt: Promise<string> | undefined;

export function ensureServerBuilt(): Promise<string> {
  serverBuilt ??= buildServer();
  return serverBuilt;
}

async function buildServer(): Promise<string> {
  await ensureSharedBuilt();
  const key = await sourceHash();
  const stamp = path.join(serverBuildDir, '.source-hash');
  const server = path.join(serverBuildDir, 'server.js');
  return withFileLock(path.join(apiDir, 'dist-test.lock'), async () => {
    if ((await fs.readFile(stamp, 'utf8').catch(() => '')) === key) return server;
    // Built beside the final folder (the same depth: the server finds its migrations, station
    // data and package.json by relative paths) and renamed when whole.
    const partial = `${serverBuildDir}.${process.pid}.partial`;
    await fs.rm(partial, { recursive: true, force: true });
    await promisify(execFile)(
      process.execPath,
      [
        path.join(root, 'scripts/tsc.mjs'),
        ...['-p', 'tsconfig.build.json', '--noCheck', '--sourceMap', 'false', '--outDir', partial],
      ],
      { cwd: apiDir },
    );
    await fs.writeFile(path.join(partial, '.source-hash'), key);
    await fs.rm(serverBuildDir, { recursive: true, force: true });
    await fs.rename(partial, serverBuildDir);
    return server;
  });
}

/** A hash over the API's sources and the settings its build reads. */
async function sourceHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const input of BUILD_INPUTS) {
    const full = path.join(apiDir, input);
    const files = (await fs.stat(full)).isDirectory()
      ? (await fs.readdir(full, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile() && !entry.name.endsWith('.test.ts'))
          .map((entry) => path.join(entry.parentPath, entry.name))
          .sort()
      : [full];
    for (const file of files) {
      hash.update(path.relative(apiDir, file));
      hash.update(await fs.readFile(file));
    }
  }
  return hash.digest('hex');
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
 * One app process (the built server, as `npm start` runs it) with its own data folder, on the
 * port given or one the system picks, configured by `env`; its JSON logs are collected.
 */
export async function startInstance(
  name: string,
  env: Record<string, string>,
  port = 0,
): Promise<Instance> {
  const listenPort = port;
  const server = await ensureServerBuilt();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `ekispot-${name}-`));
  const child = spawn(process.execPath, [server], {
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
