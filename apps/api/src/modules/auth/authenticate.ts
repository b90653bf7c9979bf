import { AUTH_COOKIE_MAX_AGE_SECONDS, AUTH_COOKIE_NAME } from '@ekispot/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.js';
import { HttpError, unauthenticated } from '../../lib/http-error.js';
import { findSession, touchSession, type UserRow } from './auth.repository.js';
import { hashSecretToken } from '../../lib/secret-tokens.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** last_used_at is refreshed at most this often, so reads don't all become writes. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export interface Authenticated {
  user: UserRow;
  sessionId: string;
  tokenHash: string;
}

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
 * token itself), or its IP when it has none. Checked for real by `requireUser`.
 */
export function requesterKey(request: FastifyRequest): string {
  const token = bearerToken(request) ?? request.cookies[AUTH_COOKIE_NAME];
  return token ? `session:${hashSecretToken(token).slice(0, 32)}` : `ip:${request.ip}`;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,128})$/.exec(header);
  return match?.[1] ?? null;
}

/**
 * Reads the session from `Authorization: Bearer` (API clients) or the `auth` cookie (the web
 * app). A cookie-authenticated write must come from our own origin (CSRF).
 */
export function createAuthenticator(options: { db: Database; publicUrl: string }) {
  const allowedOrigin = new URL(options.publicUrl).origin;

  function checkOrigin(request: FastifyRequest) {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin ?? request.headers.referer;
    let sameOrigin = false;
    if (origin) {
      try {
        const parsed = new URL(origin);
        const host = request.headers.host;
        sameOrigin =
          parsed.origin === allowedOrigin || (host !== undefined && parsed.host === host);
      } catch {
        sameOrigin = false;
      }
    }
    if (!sameOrigin)
      throw new HttpError(
        'FORBIDDEN',
        '不正なリクエストです。ページを再読み込みしてからもう一度お試しください。',
      );
  }

  async function optionalUser(request: FastifyRequest): Promise<Authenticated | null> {
    const bearer = bearerToken(request);
    const cookie = bearer ? null : request.cookies[AUTH_COOKIE_NAME];
    const token = bearer ?? cookie;
    if (!token) return null;
    const session = await findSession(options.db, hashSecretToken(token));
    if (!session) return null;
    if (!bearer) checkOrigin(request);
    if (Date.now() - session.session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      await touchSession(options.db, session.session.id);
    }
    return {
      user: session.user,
      sessionId: session.session.id,
      tokenHash: session.session.tokenHash,
    };
  }

  async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<Authenticated> {
    const result = await optionalUser(request);
    if (!result) {
      // The server clears a stale cookie with its 401 (DESIGN §3).
      if (request.cookies[AUTH_COOKIE_NAME]) clearAuthCookie(reply);
      throw unauthenticated();
    }
    return result;
  }

  return { optionalUser, requireUser };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
