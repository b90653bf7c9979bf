import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResponseCache, sendCached } from './prepared-payload.js';

/** A kept answer (sendCached): built once per key, compressed once per encoding. */
describe('sendCached', () => {
  const app = Fastify();
  const cache = createResponseCache();
  let builds = 0;
  const rows = Array.from({ length: 80 }, (_, i) => ({ id: i, name: `駅${i}`, lines: ['山手線'] }));

  beforeAll(async () => {
    app.get<{ Querystring: { size?: string } }>('/kept', async (request, reply) => {
      const small = request.query.size === 'small';
      return sendCached(request, reply, {
        cache,
        key: small ? 'small' : 'large',
        data: () => {
          builds++;
          return small ? { id: 1 } : rows;
        },
        cacheControl: 'no-cache',
      });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends the accepted encoding of the same bytes, built once', async () => {
    const plain = await app.inject('/kept');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.json().data).toEqual(rows);

    const br = await app.inject({ url: '/kept', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gz = await app.inject({ url: '/kept', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const again = await app.inject({ url: '/kept', headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(builds).toBe(1);
    // Other bytes, another strong ETag: one per encoding, the same each time.
    const tags = [plain, br, gz].map((response) => String(response.headers.etag));
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);
    expect(again.headers.etag).toBe(br.headers.etag);
  });

  it('answers If-None-Match with 304 only for the encoding the client holds', async () => {
    const held = await app.inject({ url: '/kept', headers: { 'accept-encoding': 'br' } });
    const revalidated = await app.inject({
      url: '/kept',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(held.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers.etag).toBe(held.headers.etag);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
    expect(revalidated.rawPayload.length).toBe(0);

    // Holding brotli bytes, asking for gzip ones: the gzip body, not a 304.
    const other = await app.inject({
      url: '/kept',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(held.headers.etag) },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(other.rawPayload).toString()).toBe((await app.inject('/kept')).body);
  });

  it('sends a small answer as it is', async () => {
    const response = await app.inject({
      url: '/kept?size=small',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json().data).toEqual({ id: 1 });
  });
});
