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

/** New-posts streams one instance keeps open (about 26 KiB each); beyond, a 503. */
export const OPEN_TIMELINE_STREAMS_MAX = 5_000;
/** A stream's `post` events come at most this often: a burst of posts is one event. */
export const NEW_POST_EVENT_GAP_MS = 5_000;
