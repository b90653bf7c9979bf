import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirError, asDataDirError, checkDataDir, keepDataDirPrivate } from './data-dir.js';

const fsError = (code: string) => Object.assign(new Error(`${code}: failed`), { code });

describe('the data folder at start-up', () => {
  it('is created when missing and proven writable, leaving nothing behind', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-datadir-'));
    const dir = path.join(root, 'data');
    await checkDataDir(dir);
    expect(await fs.readdir(dir)).toEqual([]);
    await fs.rm(root, { recursive: true, force: true });
  });

  it('names a read-only or full folder in Japanese and English', () => {
    const readOnly = asDataDirError(fsError('EROFS'), '/srv/data');
    expect(readOnly).toBeInstanceOf(DataDirError);
    expect((readOnly as Error).message).toContain('書き込めません');
    expect((readOnly as Error).message).toContain('is not writable');
    expect((readOnly as Error).message).toContain('/srv/data');
    expect(asDataDirError(fsError('EACCES'), '/x')).toMatchObject({ reason: 'read-only' });

    const full = asDataDirError(fsError('ENOSPC'), '/srv/data');
    expect(full).toMatchObject({ reason: 'full' });
    expect((full as Error).message).toContain('空きがありません');
    expect((full as Error).message).toContain('is full');

    const other = fsError('EIO');
    expect(asDataDirError(other, '/x')).toBe(other);
  });

  it('refuses a folder that cannot be created', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-datadir-'));
    const file = path.join(root, 'a-file');
    await fs.writeFile(file, 'x');
    // A path through a regular file: not a data folder, whoever runs the test.
    await expect(checkDataDir(path.join(file, 'data'))).rejects.toMatchObject({ code: 'ENOTDIR' });
    await fs.rm(root, { recursive: true, force: true });
  });
});

describe('keepDataDirPrivate', () => {
  it('narrows a folder an older release left open to others, and leaves a private one as it is', async () => {
    const umask = process.umask(0);
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-datadir-'));
    const dir = path.join(root, 'data');
    try {
      await fs.mkdir(path.join(dir, 'pg', 'base'), { recursive: true, mode: 0o777 });
      await fs.writeFile(path.join(dir, 'pg', 'base', '1259'), 'x', { mode: 0o666 });
      await fs.writeFile(path.join(dir, 'pg.lock-owner.json'), '{}', { mode: 0o644 });
      await keepDataDirPrivate(dir);
      const modes = await Promise.all(
        ['', 'pg', 'pg/base', 'pg/base/1259', 'pg.lock-owner.json'].map(async (name) =>
          ((await fs.stat(path.join(dir, name))).mode & 0o777).toString(8),
        ),
      );
      expect(modes).toEqual(['700', '700', '700', '600', '600']);
      // From here on the process makes private files.
      await fs.writeFile(path.join(dir, 'new'), 'x');
      expect((await fs.stat(path.join(dir, 'new'))).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(umask);
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('refuses a folder it cannot make its own, naming why', async () => {
    // /proc's folders refuse a chmod even to root, as another user's folder refuses ours.
    const umask = process.umask(0o022);
    try {
      const refused = await keepDataDirPrivate('/proc/1').catch((error: unknown) => error);
      expect(refused).toMatchObject({ name: 'DataDirError', reason: 'not-owner' });
      expect((refused as Error).message).toContain('所有者だけに絞れません');
      expect((refused as Error).message).toContain('does not own it');
    } finally {
      process.umask(umask);
    }
  });

  it('leaves a folder that does not exist yet to be made', async () => {
    const umask = process.umask(0o022);
    try {
      await keepDataDirPrivate(path.join(os.tmpdir(), 'ekispot-datadir-none', 'data'));
    } finally {
      process.umask(umask);
    }
  });
});
