import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The member-row lock is written once (db/member-lock.ts); what it serialises is covered by the
 * stamps' speed rule and the lists' limit, and follows' counters under concurrency (their route tests).
 */
describe('the member-row lock', () => {
  it('is defined in one place', async () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const copies: string[] = [];
    for (const name of await readdir(src, { recursive: true })) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      const text = await readFile(path.join(src, name), 'utf8');
      if (
        /function lock(Member|Users?)s?\b|\.from\(users\)[\s\S]{0,80}\.for\('no key update'\)/.test(
          text,
        )
      )
        copies.push(name);
    }
    expect(copies).toEqual([path.join('db', 'member-lock.ts')]);
  });
});
