import { AUTH_COOKIE_MAX_AGE_SECONDS, AUTH_COOKIE_NAME } from '@ekispot/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashSecretToken } from './secret-tokens.js';

/**
 * Where a session token travels: the `auth` cookie (the web app) or an `Authorization:
 * Bearer` header (API clients). Reading the session itself is plugins/authentication.ts.
 */

export function setAuthCookie(reply: FastifyReply, token: string) {
  reply.setCookie(AUTH_COOKIE_NAME, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'lax',
    path: '/',
    maxAge: AUTH_COOKIE_MAX_AGE_SECONDS,
  });
}

export function clearAuthCookie(reply: FastifyReply) {
  reply.clearCookie(AUTH_COOKIE_NAME, { httpOnly: true, secure: true, sameSite: 'lax', path: '/' });
}

/**
 * Who a request claims to be, for rate-limit keys: a hash of its session token (never the
 * token itself), or its IP when it has none. Checked for real by the access hook
 * (plugins/access.ts).
 */
export function requesterKey(request: FastifyRequest): string {
  const token = bearerToken(request) ?? request.cookies[AUTH_COOKIE_NAME];
  return token ? `session:${hashSecretToken(token).slice(0, 32)}` : `ip:${request.ip}`;
}

/** The token of an `Authorization: Bearer` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,128})$/.exec(header);
  return match?.[1] ?? null;
}
