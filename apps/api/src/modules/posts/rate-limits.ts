import type { FastifyRequest } from 'fastify';
import { requesterKey } from '../../lib/auth-token.js';

/**
 * Limits on writing (docs/posts.md#kinds-and-their-rules): generous for people, short for
 * scripts. Keyed per session (or IP without one); logins are limited too, so new sessions
 * cannot be made at will.
 */

const MINUTE = 60_000;

export const postRateLimits = {
  createPost: {
    max: 30,
    timeWindow: 60 * MINUTE,
    keyGenerator: (request: FastifyRequest) => `post:${requesterKey(request)}`,
  },
  updatePost: {
    max: 60,
    timeWindow: 60 * MINUTE,
    keyGenerator: (request: FastifyRequest) => `post-edit:${requesterKey(request)}`,
  },
  writeComment: {
    max: 30,
    timeWindow: 10 * MINUTE,
    keyGenerator: (request: FastifyRequest) => `comment:${requesterKey(request)}`,
  },
};
