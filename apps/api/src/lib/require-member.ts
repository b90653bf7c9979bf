import { AUTH_COOKIE_NAME } from '@ekispot/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearAuthCookie } from './auth-token.js';
import { unauthenticated } from './http-error.js';

/**
 * The 401 of a route that needs a member; a stale cookie goes (docs/product-rules.md#session).
 * The access hook (plugins/access.ts) answers with it, and so does `requireMember`.
 */
export function denyVisitor(request: FastifyRequest, reply: FastifyReply): never {
  if (request.cookies[AUTH_COOKIE_NAME]) clearAuthCookie(reply);
  throw unauthenticated();
}

/**
 * For an `optional` route that needs a member only in some cases (the follow timelines): the
 * member, or the same 401 a `member` route gives.
 */
export function requireMember(
  request: FastifyRequest,
  reply: FastifyReply,
): NonNullable<FastifyRequest['viewer']> {
  return request.viewer ?? denyVisitor(request, reply);
}
