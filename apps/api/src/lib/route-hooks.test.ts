import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { addRouteHook, isWriteRoute } from './route-hooks.js';

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

  it('name any method but GET and HEAD a write', () => {
    expect(isWriteRoute({ method: 'GET' })).toBe(false);
    expect(isWriteRoute({ method: ['GET', 'HEAD'] })).toBe(false);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const)
      expect(isWriteRoute({ method })).toBe(true);
  });
});
