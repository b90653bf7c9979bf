import type { FastifyRequest } from 'fastify';
import { requesterKey } from '../../lib/auth-token.js';
import type { MemberLimit } from '../../lib/request-limits.js';
import { POST_MESSAGES } from './posts.messages.js';

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

/**
 * いいね, 行きたい／参加したい and 行きたい駅, set and taken back, counted together per member and
 * per client address (docs/security.md#limits-per-member-and-per-address). A person tapping
 * through a timeline makes a few a minute; a script toggling one post is stopped at once, and
 * with it the keys it leaves (docs/security.md#idempotency-keys-bound-to-their-request).
 */
export const reactionLimit: MemberLimit = {
  name: 'reaction',
  perMember: 60,
  perAddress: 600,
  windowMs: MINUTE,
  message: POST_MESSAGES.tooManyReactions,
};
