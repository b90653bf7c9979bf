import { AUTH_COOKIE_NAME } from '@ekispot/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/database.js';
import { HttpError, unauthenticated } from '../lib/http-error.js';
import { bearerToken, clearAuthCookie } from '../lib/auth-token.js';
import { hashSecretToken } from '../lib/secret-tokens.js';
import { findSession, touchSession, type UserRow } from '../modules/auth/auth.service.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** last_used_at is refreshed at most this often, so reads don't all become writes. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export interface Authenticated {
  user: UserRow;
  sessionId: string;
  tokenHash: string;
}

export interface Authenticator {
  /** The signed-in member, or null for a visitor (no, unknown or expired session). */
  optionalUser(request: FastifyRequest): Promise<Authenticated | null>;
  /** The signed-in member; a visitor gets the 401 envelope (and loses a stale cookie). */
  requireUser(request: FastifyRequest, reply: FastifyReply): Promise<Authenticated>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Who a request is: every module's routes ask this, none reads sessions itself. */
    auth: Authenticator;
  }
}

/**
 * Reads the session from `Authorization: Bearer` (API clients) or the `auth` cookie (the web
 * app). A cookie-authenticated write must come from our own origin (CSRF).
 */
function createAuthenticator(options: { db: Database; publicUrl: string }): Authenticator {
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
      // The server clears a stale cookie with its 401 (docs/product-rules.md#session).
      if (request.cookies[AUTH_COOKIE_NAME]) clearAuthCookie(reply);
      throw unauthenticated();
    }
    return result;
  }

  return { optionalUser, requireUser };
}

/**
 * Authentication for every module: decorates the app with `auth` (optionalUser and
 * requireUser), so routes ask `app.auth` who is calling. Registered after the cookie plugin.
 */
export const authenticationPlugin = fp(
  async (app: FastifyInstance, options: { db: Database; publicUrl: string }) => {
    app.decorate('auth', createAuthenticator(options));
  },
  { name: 'authentication', dependencies: ['@fastify/cookie'] },
);
