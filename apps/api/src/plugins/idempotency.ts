import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAY_HEADER,
} from '@ekispot/shared';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.js';
import { claimKey, recordAnswer, releaseKey } from '../db/idempotency-keys.js';
import { conflict, validationFailed } from '../lib/http-error.js';
import { addRouteHook } from '../lib/route-hooks.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A member route that honours `Idempotency-Key` (plugins/idempotency.ts): a retry with the
     * same key is answered from the first answer instead of running again.
     */
    idempotent?: boolean;
  }
}

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: `${IDEMPOTENCY_KEY_HEADER} は8〜128文字の英数字、「-」、「_」で指定してください。`,
  otherRequest: `この ${IDEMPOTENCY_KEY_HEADER} は別の操作に使われています。新しいキーで送り直してください。`,
  otherBody: `この ${IDEMPOTENCY_KEY_HEADER} は内容の違うリクエストに使われています。内容を変えて送るときは新しいキーを使ってください。`,
  running: '同じ操作を処理しています。しばらくしてからもう一度お試しください。',
} as const;
const M = IDEMPOTENCY_MESSAGES;

const headerName = IDEMPOTENCY_KEY_HEADER.toLowerCase();

/** Answers that a retry should not get again: it may succeed where this one could not. */
function isRetryable(statusCode: number): boolean {
  return statusCode >= 500 || statusCode === 429 || statusCode === 408;
}

function keyOf(request: FastifyRequest): string | null {
  const value = request.headers[headerName];
  if (value === undefined) return null;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value))
    throw validationFailed({ [IDEMPOTENCY_KEY_HEADER]: [M.invalidKey] }, M.invalidKey);
  return value;
}

/** JSON with every object's keys in order: one text for one body, however its keys were sent. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * What the key is bound to: a hash of the method, the path and the body as validated
 * (docs/security.md#idempotency-keys-bound-to-their-request).
 */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body)}`)
    .digest('base64url');
}

/**
 * Writes done once (docs/architecture.md#idempotent-writes). On a route declared
 * `config.idempotent` (always a `member` route), a request with an `Idempotency-Key` first
 * claims the key for the member. A retry of an answered request gets that answer again (same
 * status and body, `Idempotent-Replayed: true`) and the handler does not run; a retry while the
 * first is running gets 409; the key on another method or path, or with another body, gets 422
 * (docs/security.md#idempotency-keys-bound-to-their-request). A 5xx, 408 or 429
 * answer lets the key go so a retry runs. Without the header nothing changes.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    const claims = new WeakMap<FastifyRequest, { userId: string; key: string }>();

    // Only the routes declared idempotent get the hooks (lib/route-hooks.ts).
    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      if (route.config.access !== 'member')
        throw new Error(`${route.url} is idempotent but not a 'member' route`);
      addRouteHook(route, 'preHandler', claimRequest);
      // First of the route's onSend hooks: the answer is kept as serialised, before the
      // compression plugin's hook (added to each route too) encodes it for this one client.
      addRouteHook(route, 'onSend', settleRequest, { first: true });
    });

    async function claimRequest(request: FastifyRequest, reply: FastifyReply) {
      const key = keyOf(request);
      if (key === null) return;
      const userId = request.member.user.id;
      const path = request.url.split('?', 1)[0] ?? request.url;
      // A route that reads no body (a like) ignores what was sent, and so does its fingerprint.
      const body = request.routeOptions.schema?.body ? request.body : null;
      const fingerprint = requestFingerprint(request.method, path, body);
      const claim = await claimKey(
        options.db,
        userId,
        key,
        `${request.method} ${path}`,
        fingerprint,
      );
      switch (claim.kind) {
        case 'claimed':
          claims.set(request, { userId, key });
          return;
        case 'running':
          throw conflict(M.running);
        case 'other-request':
          throw validationFailed({ [IDEMPOTENCY_KEY_HEADER]: [M.otherRequest] }, M.otherRequest);
        case 'other-body':
          throw validationFailed({ [IDEMPOTENCY_KEY_HEADER]: [M.otherBody] }, M.otherBody);
        case 'answered':
          reply.status(claim.statusCode).header(IDEMPOTENT_REPLAY_HEADER, 'true');
          if (claim.contentType) reply.type(claim.contentType);
          return reply.send(claim.body);
      }
    }

    async function settleRequest(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const claim = claims.get(request);
      if (!claim) return payload;
      claims.delete(request);
      if (
        isRetryable(reply.statusCode) ||
        !(typeof payload === 'string' || Buffer.isBuffer(payload))
      )
        await releaseKey(options.db, claim.userId, claim.key);
      else {
        const contentType = reply.getHeader('content-type');
        await recordAnswer(options.db, claim.userId, claim.key, {
          statusCode: reply.statusCode,
          body: payload.toString(),
          contentType: typeof contentType === 'string' ? contentType : null,
        });
      }
      return payload;
    }
  },
  { name: 'idempotency', dependencies: ['access'] },
);
