import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './test-app.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('API platform', () => {
  it('reports health with a database check', async () => {
    const response = await ctx.app.inject('/api/v2/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      status: 200,
      errors: null,
      data: { status: 'ok', database: 'ok' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown API routes with the 404 envelope', async () => {
    const response = await ctx.app.inject('/api/v2/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      data: null,
      success: false,
      status: 404,
      code: 'NOT_FOUND',
      message: 'お探しのデータは見つかりませんでした。',
      errors: null,
    });
  });

  it('answers a wrong method with the envelope too', async () => {
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/v2/health' });
    expect(response.statusCode).toBe(404);
    expect(response.json().success).toBe(false);
  });

  it('sends pages security headers with a strict CSP', async () => {
    const response = await ctx.app.inject('/robots.txt');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Plain HTTP: HSTS means nothing there and is not sent.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends API answers, errors too, only the headers that mean something on them', async () => {
    for (const url of ['/api/v2/health', '/api/v2/stations/0', '/api/v2/no-such-thing']) {
      const response = await ctx.app.inject(url);
      expect(response.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      // The page headers (referrer, opener, framing…) govern documents, not JSON.
      expect(response.headers['referrer-policy'], url).toBeUndefined();
      expect(response.headers['x-frame-options'], url).toBeUndefined();
    }
  });

  it('gives every response a request id, and keeps a sane one it was given', async () => {
    const fresh = await ctx.app.inject('/api/v2/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await ctx.app.inject({
      url: '/api/v2/health',
      headers: { 'x-request-id': 'trace-12345678' },
    });
    expect(kept.headers['x-request-id']).toBe('trace-12345678');
    const refused = await ctx.app.inject({
      url: '/api/v2/health',
      headers: { 'x-request-id': '<script>' },
    });
    expect(refused.headers['x-request-id']).not.toBe('<script>');
  });

  it('compresses JSON responses', async () => {
    const response = await ctx.app.inject({
      url: '/api/v2/lines',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('publishes OpenAPI 3.1 documenting the station calls', async () => {
    const response = await ctx.app.inject('/api/v2/openapi.json');
    expect(response.statusCode).toBe(200);
    const spec = response.json();
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/v2/health',
        '/api/v2/stations/markers',
        '/api/v2/stations/search',
        '/api/v2/stations/nearby',
        '/api/v2/stations/random',
        '/api/v2/stations/{stationGroupId}',
      ]),
    );
    const search = spec.paths['/api/v2/stations/search'].get;
    expect(search.parameters.map((p: { name: string }) => p.name)).toContain('q');
    expect(search.responses['422']).toBeDefined();
  });

  it('serves the API docs UI', async () => {
    const response = await ctx.app.inject('/api/docs/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
