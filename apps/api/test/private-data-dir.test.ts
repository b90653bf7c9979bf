import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureServerBuilt } from './instance.js';

/**
 * The data folder is its owner's alone (docs/security.md#the-data-folder): the real server,
 * started under a usual umask (022) and under none at all (000) on a folder that does not exist
 * yet, leaves no file, folder or socket in it with a group or world bit: the database's files,
 * its lock, the upload folder and the admin socket. Before, 968 of PGlite's 1,220 files were
 * world-writable under 022.
 */

const apiDir = path.resolve(import.meta.dirname, '..');
const smallStationData = path.resolve(import.meta.dirname, 'fixtures/transfer-groups');
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-private-'));

afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

/** Every path below `dir` (itself included) whose mode has group or world bits. */
async function widerThanOwner(dir: string): Promise<{ path: string; mode: string }[]> {
  const found: { path: string; mode: string }[] = [];
  const visit = async (full: string) => {
    const stat = await fs.lstat(full);
    if ((stat.mode & 0o077) !== 0)
      found.push({ path: path.relative(root, full), mode: (stat.mode & 0o777).toString(8) });
    if (stat.isDirectory())
      for (const name of await fs.readdir(full)) await visit(path.join(full, name));
  };
  await visit(dir);
  return found;
}

/**
 * Starts the built server under `umask` on `dataDir`, waits until it is up (the admin socket
 * is made last), looks at the folder, and stops it.
 */
async function runServer(umask: string, dataDir: string) {
  const server = await ensureServerBuilt();
  const child = spawn('sh', ['-c', `umask ${umask} && exec "$0" "$1"`, process.execPath, server], {
    cwd: apiDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      MAP_TILE_URL: 'off',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      LOG_LEVEL: 'info',
      STATION_IMPORT_DIR: smallStationData,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const running = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => {
      if (output.includes('is running at')) resolve();
    });
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  try {
    await running;
    await expect(fs.stat(path.join(dataDir, 'admin.sock'))).resolves.toBeTruthy();
    const entries = (await fs.readdir(dataDir, { recursive: true })).length;
    return { wider: await widerThanOwner(dataDir), entries };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

describe('the data folder the server makes', () => {
  // A server's first start on an empty folder (PGlite's initdb, the migrations): several
  // seconds each, the two side by side.
  it(
    'has no group or world bits anywhere, under umask 022 and 000',
    { timeout: 180_000 },
    async () => {
      const [usual, none] = await Promise.all([
        runServer('022', path.join(root, 'umask-022', 'data')),
        runServer('000', path.join(root, 'umask-000', 'data')),
      ]);
      // The database is there (some thousand files), and nothing in it is readable by others.
      expect(usual.entries).toBeGreaterThan(500);
      expect(none.entries).toBeGreaterThan(500);
      expect(usual.wider).toEqual([]);
      expect(none.wider).toEqual([]);
    },
  );
});
