import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './runtime.js';

describe('server launch', () => {
  it('npm start gives the server the same flags and environment as the journeys and benchmarks', async () => {
    const manifest = JSON.parse(
      await fs.readFile(path.join(import.meta.dirname, '../package.json'), 'utf8'),
    ) as { scripts: { start: string } };
    const env = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
    expect(manifest.scripts.start).toBe(
      [...env, 'node', ...SERVER_NODE_FLAGS, 'dist/server.js'].join(' '),
    );
  });
});
