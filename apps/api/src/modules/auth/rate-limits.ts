import type { FastifyRequest } from 'fastify';

/**
 * Per-route request limits through `@fastify/rate-limit`. Failed logins per account
 * (login-throttle.ts) and the mail budget (mail-budget.ts) are counted by their own rules.
 */

const MINUTE = 60_000;

export const rateLimit = {
  /** Per IP, over every account: one client cannot try password after password elsewhere. */
  loginPerIp: {
    max: 30,
    timeWindow: 15 * MINUTE,
    keyGenerator: (request: FastifyRequest) => `login:ip:${request.ip}`,
  },
};
