import type { FastifyRequest } from 'fastify';
import { requesterKey } from '../../lib/auth-token.js';

const MINUTE = 60_000;

export const timelineRateLimits = {
  /** Opening the new-posts stream (a browser reconnects every few seconds at worst). */
  stream: {
    max: 60,
    timeWindow: 10 * MINUTE,
    keyGenerator: (request: FastifyRequest) => `timeline-stream:${requesterKey(request)}`,
  },
};

/** A stream's `post` events come at most this often: a burst of posts is one event. */
export const NEW_POST_EVENT_GAP_MS = 5_000;
