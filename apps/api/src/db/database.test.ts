import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, openPglite } from './database.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe('embedded database', () => {
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
  }, 60_000);
});
