import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_MESSAGES } from '@ekispot/shared';
import { HttpError } from '../lib/http-error.js';

/**
 * A page the server cannot give now (docs/security.md#pages-are-keyed-on-what-they-read): too
 * many pages being drawn, or a read the page needs failed. 503 with Retry-After and nothing
 * kept, anywhere: a browser gets a short page in Japanese, any other client the API's envelope.
 */

/** Why: renders beyond the gate's limits, or a read of the page that failed. */
export type PageUnavailableReason = 'busy' | 'reads-failed';

const MESSAGES: Record<PageUnavailableReason, string> = {
  busy: 'ただいま混み合っています。しばらく待ってからもう一度お試しください。',
  'reads-failed': ERROR_MESSAGES.SERVICE_UNAVAILABLE,
};

/** Seconds to wait before asking again: a read that failed waits as the API's own 503 does. */
const RETRY_AFTER_S: Record<PageUnavailableReason, number> = { busy: 2, 'reads-failed': 5 };

function pageOf(message: string): string {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>えきスポ</title></head><body style="font-family:sans-serif;margin:2rem;line-height:1.7"><h1 style="font-size:1.25rem">えきスポ</h1><p>${message}</p><p><a href="">もう一度読み込む</a></p></body></html>`;
}

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html') || accept.includes('*/*');
}

export function sendPageUnavailable(
  request: FastifyRequest,
  reply: FastifyReply,
  reason: PageUnavailableReason,
) {
  const headers = { 'retry-after': String(RETRY_AFTER_S[reason]), 'cache-control': 'no-store' };
  if (!wantsHtml(request))
    throw new HttpError('SERVICE_UNAVAILABLE', MESSAGES[reason], null, headers);
  return reply
    .code(503)
    .headers(headers)
    .type('text/html; charset=utf-8')
    .send(pageOf(MESSAGES[reason]));
}

/** A page beyond the render gate's limits (render-gate.ts). */
export class RenderBusyError extends Error {
  constructor() {
    super('too many pages are being drawn');
    this.name = 'RenderBusyError';
  }
}
