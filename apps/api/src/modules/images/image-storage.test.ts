import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalImageStorage, imageStorageKey, type ImageStorage } from './image-storage.js';

let root: string;
let storage: ImageStorage;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-storage-'));
  storage = createLocalImageStorage(root);
});
afterAll(async () => {
  if (root) await fs.rm(root, { recursive: true, force: true });
});

describe('local storage', () => {
  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../x.webp', 'a/../../x', '/etc/passwd', 'a\\b', '', 'a//b', '.hidden']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(
        /Invalid storage key/,
      );
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
    }
    expect(await storage.get('aa/bb/missing.webp')).toBeNull();
  });
});

describe('local storage round trip', () => {
  it('puts, gets with size and type, and deletes (twice without error)', async () => {
    const key = imageStorageKey('0190a000-0000-7000-8000-00000000abcd', 'thumb');
    expect(key).toBe('cd/ab/0190a000-0000-7000-8000-00000000abcd.thumb.webp');
    await storage.put(key, Buffer.from('webp bytes'), 'image/webp');
    const stored = await storage.get(key);
    expect(stored).toMatchObject({ size: 10, contentType: 'image/webp' });
    const chunks: Buffer[] = [];
    for await (const chunk of stored?.stream ?? []) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).toString()).toBe('webp bytes');
    expect(
      (await fs.readdir(path.join(root, 'cd', 'ab'))).filter((name) => name.endsWith('.tmp')),
    ).toEqual([]);
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });
});
