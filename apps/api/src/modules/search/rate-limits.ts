import type { FastifyRequest } from 'fastify';
import { requesterKey } from '../../lib/auth-token.js';

const MINUTE = 60_000;

export const searchRateLimits = {
  /** Searching: generous for a person typing, not for a scraper walking the index. */
  search: {
    max: 120,
    timeWindow: MINUTE,
    keyGenerator: (request: FastifyRequest) => `search:${requesterKey(request)}`,
  },
  /** Following tags and changing word mutes. */
  write: {
    max: 60,
    timeWindow: 10 * MINUTE,
    keyGenerator: (request: FastifyRequest) => `search-write:${requesterKey(request)}`,
  },
};
