import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addRouteHook, isReadMethod, isWriteRoute } from './route-hooks.js';

describe('route-level hooks from onRoute', () => {
  it('run on the write routes only, after the route’s own hooks', async () => {
    const app = Fastify();
    const ran: string[] = [];
    app.addHook('onRoute', (route) => {
      if (!isWriteRoute(route)) return;
      addRouteHook(route, 'preHandler', async (request) => {
        ran.push(`write hook ${request.method}`);
      });
    });
    app.get('/things', async () => ({ ok: true }));
    app.post(
      '/things',
      {
        preHandler: async () => {
          ran.push('own hook');
        },
      },
      async () => ({ ok: true }),
    );
    app.route({ method: ['GET', 'DELETE'], url: '/either', handler: async () => ({ ok: true }) });

    expect((await app.inject('/things')).statusCode).toBe(200);
    expect(ran).toEqual([]);
    expect((await app.inject({ method: 'POST', url: '/things' })).statusCode).toBe(200);
    expect(ran).toEqual(['own hook', 'write hook POST']);
    // A route for a read and a write gets the hook; it runs for both methods.
    await app.inject({ method: 'DELETE', url: '/either' });
    await app.inject('/either');
    expect(ran.slice(2)).toEqual(['write hook DELETE', 'write hook GET']);
    await app.close();
  });

  it('name any method but GET, HEAD and OPTIONS a write', () => {
    expect(isWriteRoute({ method: 'GET' })).toBe(false);
    expect(isWriteRoute({ method: ['GET', 'HEAD'] })).toBe(false);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const)
      expect(isWriteRoute({ method })).toBe(true);
    expect(isWriteRoute({ method: 'OPTIONS' })).toBe(false);
    expect(['GET', 'HEAD', 'OPTIONS', 'POST'].map(isReadMethod)).toEqual([true, true, true, false]);
  });

  it('are the one list of read methods: no other file keeps its own', async () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const lists: string[] = [];
    for (const name of await readdir(src, { recursive: true })) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts') || name.endsWith('route-hooks.ts'))
        continue;
      const text = await readFile(path.join(src, name), 'utf8');
      if (/\[\s*'GET',\s*'HEAD'/.test(text)) lists.push(name);
    }
    expect(lists).toEqual([]);
  });
});
