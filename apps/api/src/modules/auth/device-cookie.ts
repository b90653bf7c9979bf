import { randomBytes } from 'node:crypto';
import { API_BASE_PATH } from '@ekispot/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SignInClient } from './security-alerts.js';

/**
 * The `device` cookie: random, HttpOnly, sent to the account calls only. It lets a sign-in tell a
 * device the member used before from a new one (docs/accounts.md#alerts) without keeping any
 * address or place; only its hash is stored. Set on the first sign-in call that lacks it.
 */
const DEVICE_COOKIE = 'device';
const DEVICE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

export function signInClient(request: FastifyRequest, reply: FastifyReply): SignInClient {
  let device = request.cookies[DEVICE_COOKIE] ?? null;
  if (!device || !/^[A-Za-z0-9_-]{20,64}$/.test(device)) {
    device = randomBytes(24).toString('base64url');
    reply.setCookie(DEVICE_COOKIE, device, {
      httpOnly: true,
      secure: true,
      sameSite: 'lax',
      path: `${API_BASE_PATH}/auth`,
      maxAge: DEVICE_MAX_AGE_SECONDS,
    });
    // A cookie set now is a device not seen before: the alert rule treats it as new.
  }
  return { userAgent: request.headers['user-agent'] ?? null, device };
}
