import { createHash, timingSafeEqual } from 'node:crypto';
import { API_BASE_PATH } from '@ekispot/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EMAIL_VERIFICATION_TTL_HOURS } from '../mail/mail-outbox.service.js';

/**
 * The browser that asked for a confirmation link (docs/accounts.md#signing-in-from-the-link):
 * registering, or asking for the mail again, sets an HttpOnly cookie that only the link's
 * confirmation call receives. Its value is a hash of the link's token, made when the token is
 * (before the answer, though the mail is written after it), so nothing more is stored. 「はい」
 * signs the person in only when that call carries the cookie for its token: whoever pressed it
 * both holds the link and is in the browser where the password was typed.
 *
 * The link alone signs nobody in: a registration made by someone else in another browser
 * (docs/accounts.md#an-unexpected-confirmation-mail), a link opened in another browser, and a
 * link an attacker opens for their own account in someone else's browser (a forged sign-in)
 * all confirm the address, if pressed, and leave the person signed out. The cookie says nothing
 * without the link: the token cannot be worked back from its hash.
 */

const COOKIE = 'signup';
const COOKIE_PATH = `${API_BASE_PATH}/auth/email/verify`;
const cookieOptions = {
  httpOnly: true,
  secure: true,
  sameSite: 'lax',
  path: COOKIE_PATH,
} as const;

function browserProof(token: string): string {
  return createHash('sha256').update(`signup-browser:${token}`).digest('base64url');
}

/** Marks this browser as the one the link with `token` was asked for from. */
export function setSignupCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(COOKIE, browserProof(token), {
    ...cookieOptions,
    maxAge: EMAIL_VERIFICATION_TTL_HOURS * 60 * 60,
  });
}

export function clearSignupCookie(reply: FastifyReply): void {
  reply.clearCookie(COOKIE, cookieOptions);
}

/** Whether the request comes from the browser the link with `token` was asked for from. */
export function isSignupBrowser(request: FastifyRequest, token: string): boolean {
  const sent = request.cookies[COOKIE];
  if (!sent) return false;
  const expected = Buffer.from(browserProof(token));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
