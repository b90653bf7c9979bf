import type { FastifyRequest } from 'fastify';
import { requesterKey } from '../../lib/auth-token.js';

/** Limits on the notification writes and streams, per session (or IP without one). */

const MINUTE = 60_000;

export const notificationRateLimits = {
  /** Reading marks and settings: plenty for people clicking, short for scripts. */
  write: {
    max: 120,
    timeWindow: 10 * MINUTE,
    keyGenerator: (request: FastifyRequest) => `notification-write:${requesterKey(request)}`,
  },
  /** Opening streams (a browser reconnects every few seconds at worst). */
  stream: {
    max: 60,
    timeWindow: 10 * MINUTE,
    keyGenerator: (request: FastifyRequest) => `notification-stream:${requesterKey(request)}`,
  },
};

/** Streams one member may hold open on one instance (tabs and devices); more is a 429. */
export const STREAMS_PER_MEMBER = 10;
