import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
  const identity = Buffer.from(JSON.stringify(envelope(data)));
  const best = quality === 'best';
  const [gz, br] = await Promise.all([
    gzip(identity, { level: best ? 9 : 6 }),
    brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: best ? 11 : 5 } }),
  ]);
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { etag, identity, gzip: gz, br };
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

export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: PreparedPayload,
  cacheControl: string,
) {
  reply
    .header('ETag', payload.etag)
    .header('Cache-Control', cacheControl)
    .header('Vary', 'Accept-Encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === payload.etag)) {
    return reply.status(304).send();
  }
  reply.type('application/json; charset=utf-8');
  const accept = request.headers['accept-encoding'];
  if (acceptsEncoding(accept, 'br')) return reply.header('Content-Encoding', 'br').send(payload.br);
  if (acceptsEncoding(accept, 'gzip'))
    return reply.header('Content-Encoding', 'gzip').send(payload.gzip);
  return reply.send(payload.identity);
}
