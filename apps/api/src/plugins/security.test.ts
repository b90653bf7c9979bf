import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';

let ctx: Awaited<ReturnType<typeof createTestApp>> | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

async function cspWith(mapTileUrl: string) {
  ctx = await createTestApp({ MAP_TILE_URL: mapTileUrl });
  // A page's CSP: the API's own answers carry one that allows nothing (security.ts).
  const response = await ctx.app.inject('/robots.txt');
  return String(response.headers['content-security-policy']);
}

function directive(csp: string, name: string): string[] {
  const found = csp.split(';').find((part) => part.trim().startsWith(`${name} `));
  return found?.trim().split(/\s+/).slice(1) ?? [];
}

describe('CSP and map tiles', () => {
  it('allows exactly the configured tile host for images and fetches', async () => {
    const csp = await cspWith('https://cyberjapandata.gsi.go.jp/xyz/pale/{z}/{x}/{y}.png');
    expect(directive(csp, 'img-src')).toContain('https://cyberjapandata.gsi.go.jp');
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://cyberjapandata.gsi.go.jp']);
  });

  it('allows no tile host with MAP_TILE_URL=off', async () => {
    const csp = await cspWith('off');
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(csp).not.toContain('gsi.go.jp');
  });
});

describe('HSTS', () => {
  it('is sent only when the request came over HTTPS', async () => {
    ctx = await createTestApp({ TRUST_PROXY: 'true' });
    const plain = await ctx.app.inject('/api/v2/health');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await ctx.app.inject({
      url: '/api/v2/health',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    const secure = await ctx.app.inject({
      url: '/api/v2/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('trusts no forwarded protocol without TRUST_PROXY', async () => {
    ctx = await createTestApp();
    const response = await ctx.app.inject({
      url: '/api/v2/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
