import type { Me } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/http-error.js';
import { inTransaction, recordEvent } from '../effects/effects.service.js';
import { createSecretToken, hashSecretToken } from '../../lib/secret-tokens.js';
import {
  EMAIL_VERIFICATION_TTL_HOURS,
  emailVerificationMail,
  registrationAttemptNoticeMail,
  enqueueMail,
} from '../mail/mail-outbox.service.js';
import { hoursFromNow, toMe } from './account-view.js';
import type { AuthDeps } from './account-view.js';
import { AUTH_MESSAGES } from './auth.messages.js';
import { registrationBlocked } from './verification.service.js';
import * as repository from './auth.repository.js';
import { hashPassword } from './passwords.js';
import { startSession, type SignInClient } from './security-alerts.js';

/**
 * Account rules (docs/accounts.md): sessions, registration and its verification link, signing
 * in and out. Mails are queued in the same transaction as the change. What a signed-in member
 * does to their password is in password.service.ts, to the rest of their account in
 * account.service.ts; this file offers both, so the module's one entry stays auth.service.ts.
 */

export type { AuthDeps } from './account-view.js';
export { toMe } from './account-view.js';
export type { UserRow } from './auth.repository.js';
export {
  deleteAccount,
  requestEmailChange,
  updateProfile,
  verifyEmailChange,
} from './account.service.js';
export { changePassword, requestPasswordReset, resetPassword } from './password.service.js';
export { completeSecondStep, login } from './sign-in.service.js';

/** The unexpired session a token hash names, with its member, or null (for authentication). */
export function findSession(db: Database, tokenHash: string) {
  return repository.findSession(db, tokenHash);
}

/** Marks a session as used now. */
export function touchSession(db: Database, sessionId: string) {
  return repository.touchSession(db, sessionId);
}

/** A mail link's token and its hash, made before the answer (signup-browser.ts). */
export type LinkSecret = ReturnType<typeof createSecretToken>;

/** Mails a fresh confirmation link (earlier ones stop working); also for passkey sign-ups. */
export async function sendVerification(
  deps: AuthDeps,
  db: Database,
  user: repository.UserRow,
  { token, hash }: LinkSecret = createSecretToken(),
) {
  await repository.expireMailTokens(db, user.id, 'verify_email');
  const expiresAt = hoursFromNow(EMAIL_VERIFICATION_TTL_HOURS);
  await repository.insertMailToken(db, {
    userId: user.id,
    purpose: 'verify_email',
    tokenHash: hash,
    expiresAt,
  });
  const url = `${deps.publicUrl}/verify-email/${token}`;
  await enqueueMail(db, {
    to: user.email,
    ...emailVerificationMail({ name: user.name, url, expiresAt }),
  });
}

/**
 * Registers an account and mails a verification link. An address that is already verified
 * gets the same answer and nothing changes, so registering reveals nothing; its owner is
 * mailed a short notice with links to log in and to reset the password. An address that
 * is registered but not yet verified proves nobody's ownership: whoever registers it again
 * replaces the pending name and password, and every earlier link stops working, so the only
 * link that verifies is the newest one, for the credentials that sent it. Whoever squatted
 * an address first therefore cannot be handed the owner's account.
 */
export async function register(
  deps: AuthDeps,
  input: { name: string; email: string; password: string },
  link: LinkSecret = createSecretToken(),
) {
  const passwordHash = await hashPassword(input.password);
  try {
    await deps.db.transaction(async (tx) => {
      // Locked: two registrations of one pending address take turns, the later one wins.
      const existing = await repository.findUserByEmail(tx, input.email, { forUpdate: true });
      if (existing?.emailVerifiedAt) {
        // The owner hears of it; the registrant is answered as for any address.
        await enqueueMail(tx, {
          to: existing.email,
          ...registrationAttemptNoticeMail({
            name: existing.name,
            loginUrl: `${deps.publicUrl}/login`,
            forgotUrl: `${deps.publicUrl}/forgot`,
          }),
        });
        return;
      }
      // Its owner disowned a registration of it lately: refused, with the usual answer.
      if (await registrationBlocked(tx, input.email)) return;
      const user = existing
        ? await repository.updateUser(tx, existing.id, { name: input.name, passwordHash })
        : await repository.insertUser(tx, {
            name: input.name,
            email: input.email,
            passwordHash,
          });
      if (!user) return;
      // A pending reset link was sent for the replaced credentials: it goes as well.
      await repository.expireMailTokens(tx, user.id, 'reset_password');
      await sendVerification(deps, tx, user, link);
    });
  } catch (error) {
    // Two first registrations for one address at once: the loser looks like any other duplicate.
    if (!isUniqueViolation(error)) throw error;
  }
}

export async function resendVerification(
  deps: AuthDeps,
  email: string,
  link: LinkSecret = createSecretToken(),
) {
  await deps.db.transaction(async (tx) => {
    const user = await repository.findUserByEmail(tx, email, { forUpdate: true });
    if (user && !user.emailVerifiedAt) await sendVerification(deps, tx, user, link);
  });
}

/**
 * 「はい」: confirms the address. With `signIn` (the request came from the browser that asked
 * for the link: signup-browser.ts) it also starts a session, in the same transaction, and
 * returns its token and the member; otherwise null.
 */
export async function verifyEmail(
  deps: AuthDeps,
  token: string,
  signIn: SignInClient | null = null,
): Promise<{ token: string; user: Me } | null> {
  return deps.db.transaction(async (tx) => {
    const used = await repository.consumeMailToken(tx, 'verify_email', hashSecretToken(token));
    if (!used) throw new HttpError('BAD_REQUEST', AUTH_MESSAGES.invalidLink);
    const user = await repository.updateUser(tx, used.userId, { emailVerifiedAt: new Date() });
    if (!signIn || !user) return null;
    return { token: await startSession(tx, deps.publicUrl, user, signIn), user: toMe(user) };
  });
}

/**
 * Ends every session of a member in the caller's transaction (a moderator's suspension,
 * docs/moderation.md#suspension); their open streams end once it commits, on every instance.
 */
export async function endAllSessions(tx: Database, userId: string): Promise<void> {
  await repository.deleteSessionsOf(tx, userId);
  await recordEvent(tx, { type: 'sessions-ended', userId });
}

export async function logout(deps: AuthDeps, session: { userId: string; tokenHash: string }) {
  await inTransaction(deps.db, async (tx) => {
    await repository.deleteSession(tx, session.tokenHash);
    await recordEvent(tx, { type: 'sessions-ended', userId: session.userId });
  });
}

/** Whether a session is still open (not revoked, not expired): live streams ask on each event. */
export function sessionIsOpen(db: Database, sessionId: string): Promise<boolean> {
  return repository.sessionIsOpen(db, sessionId);
}
