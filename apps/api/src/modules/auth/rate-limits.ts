import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../../lib/http-error.js';

/** Per-route limits (issue: accounts §7). Keys are per IP; login is limited per account as well. */

const MINUTE = 60_000;

function emailOf(request: FastifyRequest): string {
  const body = request.body;
  if (body && typeof body === 'object' && 'email' in body && typeof body.email === 'string') {
    return body.email.trim().toLowerCase();
  }
  return '';
}

export const rateLimit = {
  /** Per account, from any IP: guessing one account's password stays slow everywhere. */
  loginPerAccount: {
    max: 10,
    timeWindow: 15 * MINUTE,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `login:account:${emailOf(request)}`,
  },
  /** Per IP, over every account: one client cannot try password after password elsewhere. */
  loginPerIp: {
    max: 30,
    timeWindow: 15 * MINUTE,
    keyGenerator: (request: FastifyRequest) => `login:ip:${request.ip}`,
  },
  register: {
    max: 10,
    timeWindow: 60 * MINUTE,
    keyGenerator: (request: FastifyRequest) => `register:${request.ip}`,
  },
  mailRequest: {
    max: 10,
    timeWindow: 60 * MINUTE,
    keyGenerator: (request: FastifyRequest) => `mail:${request.ip}`,
  },
};

/**
 * A second limit on a route that already has one: the plugin runs only one limiter per
 * request, so this one counts through `createRateLimit` and answers 429 itself.
 */
export function extraRateLimit(
  app: FastifyInstance,
  options: { max: number; timeWindow: number; keyGenerator: (request: FastifyRequest) => string },
): preHandlerAsyncHookHandler {
  const limit = app.createRateLimit(options);
  return async (request) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new HttpError('RATE_LIMITED', undefined, null, {
        'retry-after': String(result.ttlInSeconds),
      });
    }
  };
}
