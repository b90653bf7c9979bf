import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { API_BASE_PATH } from '@ekispot/shared';

function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url.replace(/\{[a-z]\}/g, '0')).origin];
  } catch {
    return [];
  }
}

/**
 * The headers helmet sets for these options, worked out once: they are the same for every
 * response, and building them per request (as the Fastify wrapper does, parsing the CSP each
 * time) cost several per cent of a cached read's CPU.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/** Where the web build's hashed scripts and styles are served from (plugins/web.ts). */
const BUILD_ASSETS_PREFIX = '/assets/';

/**
 * The headers that mean something on a script or stylesheet. The rest (framing, referrer,
 * XSS filter, DNS prefetch, origin cluster, download options) apply to the documents and
 * workers a response creates, not to a script a page loads, and would add about 700 bytes to
 * each of the 60 or so files of a first visit over HTTP/1.1 (docs/security.md#headers). A
 * worker takes its CSP from its own script's response, so the build's module workers (`.mjs`)
 * keep it.
 */
function assetHeadersOf(headers: Record<string, string>): Record<string, string> {
  const keep = ['x-content-type-options', 'cross-origin-resource-policy'];
  return Object.fromEntries(keep.map((name) => [name, headers[name]!]));
}

/** What the API's own answers carry. */
const API_PREFIX = `${API_BASE_PATH}/`;

/**
 * The headers that mean something on an API answer (JSON, or the notification stream): no
 * sniffing, no use by other sites' pages, and, should one be opened as a document, nothing
 * runs and nothing frames it. The page headers (the app's CSP, referrer, opener, DNS prefetch,
 * origin cluster…) govern documents; on each of the many small reads a page makes they were
 * about 550 bytes and most of the header work (docs/security.md#headers). An API route that
 * answers a document of its own (an image, the development outbox) sets its own CSP.
 */
const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
} as const;

/**
 * Security headers with a strict CSP the web app runs under: scripts only from us;
 * inline styles are needed by MUI/emotion; MapLibre's worker runs from our origin or a blob.
 * Map tiles may come from exactly the configured tile host (none with MAP_TILE_URL=off).
 */
export const securityPlugin = fp(
  async (app: FastifyInstance, options: { mapTileUrl: string | undefined }) => {
    const tiles = originOf(options.mapTileUrl);
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...tiles],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...tiles],
          workerSrc: ["'self'", 'blob:'],
          childSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Sent below, and only over HTTPS: over plain HTTP the header means nothing (RFC 6797).
      strictTransportSecurity: false,
      // Shared post links open in other sites; referrer carries only our origin.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    const assetHeaders = assetHeadersOf(headers);
    const workerHeaders = {
      ...assetHeaders,
      'content-security-policy': headers['content-security-policy']!,
    };
    // One hook, before anything can answer: every answer, an error's too, carries them.
    app.addHook('onRequest', (request, reply, done) => {
      const { url } = request;
      if (url.startsWith(API_PREFIX)) reply.headers(API_HEADERS);
      else if (!url.startsWith(BUILD_ASSETS_PREFIX)) reply.headers(headers);
      else reply.headers(url.split('?')[0]!.endsWith('.mjs') ? workerHeaders : assetHeaders);
      if (request.protocol === 'https')
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      done();
    });
    // Brotli's default quality (11) costs far too much CPU per dynamic response.
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  },
  { name: 'security' },
);
