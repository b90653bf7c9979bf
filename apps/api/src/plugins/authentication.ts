import { AUTH_COOKIE_NAME } from '@ekispot/shared';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { HttpError } from '../lib/http-error.js';
import { bearerToken } from '../lib/auth-token.js';
import { isReadMethod } from '../lib/route-hooks.js';
import { hashSecretToken } from '../lib/secret-tokens.js';
import { findSession, touchSession, type UserRow } from '../modules/auth/auth.service.js';

/** last_used_at is refreshed at most this often, so reads don't all become writes. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export interface Authenticated {
  user: UserRow;
  sessionId: string;
  tokenHash: string;
  /** When the session expires by itself. */
  sessionExpiresAt: Date;
}

export interface SessionReader {
  /** The signed-in member, or null for a visitor (no, unknown or expired session). */
  read(request: FastifyRequest): Promise<Authenticated | null>;
}

/**
 * Who is calling: reads the session from `Authorization: Bearer` (API clients) or the `auth`
 * cookie (the web app). A cookie-authenticated write must come from our own origin (CSRF).
 * Only the access hook (plugins/access.ts) calls it, as each route's declaration asks.
 */
export function createSessionReader(options: {
  db: Database;
  publicUrl: string;
  /**
   * Outside production, a page served from the request's own origin may write too (the web
   * dev server proxies the API under its own host and port). Production trusts PUBLIC_URL only.
   */
  acceptRequestOrigin?: boolean;
}): SessionReader {
  const allowedOrigin = new URL(options.publicUrl).origin;

  /** Scheme, host and port must all match: `https://host` is not `http://host`. */
  function checkOrigin(request: FastifyRequest) {
    if (isReadMethod(request.method)) return;
    const origin = request.headers.origin ?? request.headers.referer;
    let sameOrigin = false;
    if (origin) {
      try {
        const parsed = new URL(origin).origin;
        const host = request.headers.host;
        sameOrigin =
          parsed === allowedOrigin ||
          (options.acceptRequestOrigin === true &&
            host !== undefined &&
            parsed === `${request.protocol}://${host}`);
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

  async function read(request: FastifyRequest): Promise<Authenticated | null> {
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
      sessionExpiresAt: session.session.expiresAt,
    };
  }

  return { read };
}
