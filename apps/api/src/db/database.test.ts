import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, openPglite } from './database.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe('embedded database', () => {
  // Each test starts processes on the embedded database: bounds for a busy machine (three times
  // slower than an idle one at times), not measures of speed.
  it('refuses a data folder that another process holds, and frees it on close', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-lock-'));
    dirs.push(root);
    const dataDir = path.join(root, 'pg');
    const first = await openPglite(dataDir);
    await expect(openPglite(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openPglite(dataDir)).rejects.toThrow(/in use by another running Ekispot process/);
    await first.close();
    const second = await openPglite(dataDir);
    await second.close();
  }, 150_000);

  it('takes over at once a lock whose process was killed, but never a live one', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-lock-'));
    dirs.push(root);
    const dataDir = path.join(root, 'pg');
    const holder = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(import.meta.dirname, 'test-fixtures/hold-data-dir-lock.ts'),
        dataDir,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const [chunk] = (await once(holder.stdout, 'data')) as [Buffer];
    expect(chunk.toString()).toContain('locked');

    // Alive: refused, whatever the lock's age.
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);

    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      holder.kill('SIGKILL');
      await once(holder, 'exit');
      // Well inside the 10 s in which the lock file still looks fresh: the warning says it was
      // taken over from a dead process, not found stale.
      const release = await lockDataDir(dataDir);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.join('\n')).toMatch(new RegExp(`process ${holder.pid} is no longer running`));
      // Now ours, and held against everyone else.
      await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
      await release();
    } finally {
      process.off('warning', onWarning);
      holder.kill('SIGKILL');
    }
  }, 150_000);

  it('takes over a lock whose process was killed but is a zombie its parent never reaps', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-lock-'));
    dirs.push(root);
    const dataDir = path.join(root, 'pg');
    // The holder's parent becomes `sleep`, which never reaps it: killed, it stays a zombie, as
    // under a container's first process that is not an init.
    const fixture = path.join(import.meta.dirname, 'test-fixtures/hold-data-dir-lock.ts');
    const parent = spawn(
      'sh',
      [
        '-c',
        `"$0" --import tsx "$1" "$2" & echo "pid $!"; exec sleep 120`,
        process.execPath,
        fixture,
        dataDir,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      let output = '';
      parent.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      while (!output.includes('locked')) await once(parent.stdout, 'data');
      const holder = Number(/pid (\d+)/.exec(output)![1]);
      await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);

      process.kill(holder, 'SIGKILL');
      // Signal 0 still reaches a zombie: wait until the kernel says it is one.
      const state = async () =>
        (await fs.readFile(`/proc/${holder}/stat`, 'utf8').catch(() => '')).split(') ')[1]?.[0];
      await expect.poll(state, { timeout: 10_000 }).toBe('Z');
      expect(() => process.kill(holder, 0)).not.toThrow();

      const release = await lockDataDir(dataDir);
      await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
      await release();
    } finally {
      parent.kill('SIGKILL');
    }
  }, 150_000);
});
