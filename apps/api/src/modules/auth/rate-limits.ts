import type { FastifyRequest } from 'fastify';

/** Per-route limits (issue: accounts §7). Keys are per IP, and per account for login. */

const MINUTE = 60_000;

function emailOf(request: FastifyRequest): string {
  const body = request.body;
  if (body && typeof body === 'object' && 'email' in body && typeof body.email === 'string') {
    return body.email.trim().toLowerCase();
  }
  return '';
}

export const rateLimit = {
  /** Per address and IP: guessing one account's password is slow from anywhere. */
  login: {
    max: 10,
    timeWindow: 15 * MINUTE,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `login:${emailOf(request)}:${request.ip}`,
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
