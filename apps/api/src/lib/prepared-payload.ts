import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { envelope } from './envelope.js';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * A large, rarely changing response body encoded once at the best ratio (identity, gzip,
 * brotli) with its ETag, so requests cost a buffer copy instead of a compression.
 */
export interface PreparedPayload {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * `quality` trades encoding time for size: the best ratio (default) for data prepared once,
 * a lower one for payloads prepared again every few seconds.
 */
export async function preparePayload(
  data: unknown,
  quality: 'best' | 'fast' = 'best',
): Promise<PreparedPayload> {
  return prepareBytes(Buffer.from(JSON.stringify(envelope(data))), quality);
}

/** Any body (a page's HTML among them) encoded once, as {@link preparePayload} does. */
export async function prepareBytes(
  identity: Buffer,
  quality: 'best' | 'fast',
): Promise<PreparedPayload> {
  const best = quality === 'best';
  const [gz, br] = await Promise.all([
    gzip(identity, { level: best ? 9 : 6 }),
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5 } }),
  ]);
  return { etag: etagOf(identity), identity, gzip: gz, br };
}

function acceptsEncoding(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== encoding) return false;
    const q = params.find((param) => param.trim().startsWith('q='));
    return !q || Number(q.trim().slice(2)) > 0;
  });
}

/** A strong ETag over exact bytes. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * The ETag of one encoding of a body whose strong ETag is `etag`: each encoding is other bytes,
 * so it has its own strong validator (docs/architecture.md#page-cache).
 */
export function encodedEtag(etag: string, encoding: 'br' | 'gzip' | null): string {
  return encoding ? `${etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"` : etag;
}

/**
 * The weak form of an ETag: for an answer that the compression plugin may send in any encoding
 * (security.ts), whose bytes on the wire the ETag therefore cannot name.
 */
export function weakEtag(etag: string): string {
  return etag.startsWith('W/') ? etag : `W/${etag}`;
}

const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/** `If-None-Match` names this ETag (or is `*`), compared weakly as that header is. */
export function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || opaque(value) === opaque(etag);
  });
}

/** Which of its encodings an answer goes in, from the request's Accept-Encoding. */
function chosenEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accept = request.headers['accept-encoding'];
  if (acceptsEncoding(accept, 'br')) return 'br';
  if (acceptsEncoding(accept, 'gzip')) return 'gzip';
  return null;
}

interface SerializedResponse {
  body: Buffer;
  etag: string;
  /** A kept answer's compressed copies, made on the first request that accepts each. */
  encoded?: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
}

/** Below this an answer is sent as it is: compressing would save less than its headers. */
const COMPRESS_FROM_BYTES = 1024;

function serializeWithEtag(reply: FastifyReply, data: unknown): SerializedResponse {
  const serialized = reply.serialize(envelope(data));
  // Kept as bytes: a cached answer is then written as it is, without encoding it each time.
  const body =
    typeof serialized === 'string'
      ? Buffer.from(serialized)
      : Buffer.from(new Uint8Array(serialized));
  return { body, etag: etagOf(body) };
}

function sendSerialized(
  request: FastifyRequest,
  reply: FastifyReply,
  response: { body: Buffer; etag: string },
  cacheControl: string,
) {
  reply.header('ETag', response.etag).header('Cache-Control', cacheControl);
  if (matchesEtag(request, response.etag)) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(response.body);
}

/**
 * Answers a GET with an ETag over its bytes, and `304` when the client already holds them. The
 * body goes through the route's response schema first, so nothing undeclared leaks; compression
 * is left to the compression plugin, so the ETag is weak: it names the content, whatever the
 * encoding.
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  data: unknown,
  cacheControl: string,
) {
  const response = serializeWithEtag(reply, data);
  return sendSerialized(
    request,
    reply,
    { body: response.body, etag: weakEtag(response.etag) },
    cacheControl,
  );
}

/** Serialised answers by a key that names everything they depend on (data version, input). */
export function createResponseCache(max = 5_000) {
  return new LRUCache<string, SerializedResponse>({ max });
}
export type ResponseCache = ReturnType<typeof createResponseCache>;

/**
 * `sendWithEtag` for answers that only change with what `key` names: the data is built,
 * checked against the response schema, serialised and hashed once per key, then served from
 * the cache (docs/stations.md#read-model), compressed once per encoding a client accepts.
 */
export async function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    cache: ResponseCache;
    key: string;
    data: () => unknown;
    cacheControl: string;
  },
) {
  let response = options.cache.get(options.key);
  if (!response) {
    response = serializeWithEtag(reply, await options.data());
    options.cache.set(options.key, response);
  }
  if (response.body.length < COMPRESS_FROM_BYTES)
    return sendSerialized(request, reply, response, options.cacheControl);
  reply.header('Vary', 'Accept-Encoding');
  // Each encoding its own ETag: a client holding one encoding is not told it holds another.
  const encoding = chosenEncoding(request);
  const etag = encodedEtag(response.etag, encoding);
  if (matchesEtag(request, etag))
    return sendSerialized(request, reply, { body: response.body, etag }, options.cacheControl);
  if (!encoding) return sendSerialized(request, reply, response, options.cacheControl);
  // Compressed once per kept answer, not on every request (as the compression plugin would).
  response.encoded ??= {};
  const body = await (response.encoded[encoding] ??=
    encoding === 'br'
      ? brotli(response.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzip(response.body, { level: 6 }));
  reply.header('Content-Encoding', encoding);
  return sendSerialized(request, reply, { body, etag }, options.cacheControl);
}

export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: PreparedPayload,
  cacheControl: string,
  contentType = 'application/json; charset=utf-8',
) {
  // Each encoding is other bytes: its own strong ETag (`"…"`, `"…-gz"`, `"…-br"`), and a 304
  // only for the one this request would be sent.
  const encoding = chosenEncoding(request);
  const etag = encodedEtag(payload.etag, encoding);
  reply
    .header('ETag', etag)
    .header('Cache-Control', cacheControl)
    .header('Vary', 'Accept-Encoding');
  if (matchesEtag(request, etag)) return reply.status(304).send();
  reply.type(contentType);
  if (encoding === 'br') return reply.header('Content-Encoding', 'br').send(payload.br);
  if (encoding === 'gzip') return reply.header('Content-Encoding', 'gzip').send(payload.gzip);
  return reply.send(payload.identity);
}
