import type { Database } from '../../db/database.js';
import { HttpError, validationFailed } from '../../lib/http-error.js';
import { inTransaction, recordEvent } from '../effects/effects.service.js';
import { createSecretToken, hashSecretToken } from '../../lib/secret-tokens.js';
import {
  PASSWORD_RESET_TTL_HOURS,
  enqueueMail,
  passwordChangedMail,
  passwordResetMail,
} from '../mail/mail-outbox.service.js';
import { type AuthDeps, hoursFromNow } from './account-view.js';
import { AUTH_MESSAGES } from './auth.messages.js';
import * as repository from './auth.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { enqueueSecurityAlert } from './security-alerts.js';
import { requireReauth } from './sessions.service.js';

/** Password rules (docs/accounts.md): a change, a reset by mail, and the notice after either. */

/**
 * Changes (or, for an account with passkeys only, sets) the password and signs out every other
 * session. Needs the current password, or an open re-authentication window
 * (docs/accounts.md#re-authentication); the alert mail carries the link that secures the account.
 */
export async function changePassword(
  deps: AuthDeps,
  session: { user: repository.UserRow; sessionId: string },
  input: { currentPassword: string | undefined; password: string },
  now: Date = new Date(),
) {
  if (input.currentPassword) {
    if (!(await verifyPassword(session.user.passwordHash, input.currentPassword)))
      throw validationFailed({ current_password: [AUTH_MESSAGES.wrongCurrentPassword] });
  } else await requireReauth(deps.db, session, now);
  const passwordHash = await hashPassword(input.password);
  await inTransaction(deps.db, async (tx) => {
    await repository.updateUser(tx, session.user.id, { passwordHash });
    await repository.deleteSessionsOf(tx, session.user.id, session.sessionId);
    await recordEvent(tx, { type: 'sessions-ended', userId: session.user.id });
    await enqueueSecurityAlert(tx, deps.publicUrl, session.user, 'password-changed', { at: now });
  });
}

/** 「パスワードが変更されました」 after a reset (a change sends the alert with its link instead). */
async function enqueuePasswordChangedNotice(
  deps: AuthDeps,
  tx: Database,
  user: Pick<repository.UserRow, 'name' | 'email'>,
) {
  const mail = passwordChangedMail({
    name: user.name,
    changedAt: new Date(),
    resetUrl: `${deps.publicUrl}/forgot`,
  });
  await enqueueMail(tx, { to: user.email, ...mail });
}

/** Mails a reset link if the address is registered; the answer is the same either way. */
export async function requestPasswordReset(deps: AuthDeps, email: string) {
  const user = await repository.findUserByEmail(deps.db, email);
  if (!user) return;
  await deps.db.transaction(async (tx) => {
    await repository.expireMailTokens(tx, user.id, 'reset_password');
    const { token, hash } = createSecretToken();
    const expiresAt = hoursFromNow(PASSWORD_RESET_TTL_HOURS);
    await repository.insertMailToken(tx, {
      userId: user.id,
      purpose: 'reset_password',
      tokenHash: hash,
      expiresAt,
    });
    const url = `${deps.publicUrl}/reset-password/${token}`;
    await enqueueMail(tx, {
      to: user.email,
      ...passwordResetMail({ name: user.name, url, expiresAt }),
    });
  });
}

/** Sets a new password from a reset link and signs out every session. */
export async function resetPassword(deps: AuthDeps, input: { token: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  await inTransaction(deps.db, async (tx) => {
    const used = await repository.consumeMailToken(
      tx,
      'reset_password',
      hashSecretToken(input.token),
    );
    if (!used) throw new HttpError('BAD_REQUEST', AUTH_MESSAGES.invalidLink);
    // Opening the mailed link proves the address too.
    const user = await repository.findUserById(tx, used.userId);
    await repository.updateUser(tx, used.userId, {
      passwordHash,
      emailVerifiedAt: user?.emailVerifiedAt ?? new Date(),
    });
    await repository.deleteSessionsOf(tx, used.userId);
    await recordEvent(tx, { type: 'sessions-ended', userId: used.userId });
    // The same notice as a change: whoever holds the mailbox learns the password changed.
    if (user) await enqueuePasswordChangedNotice(deps, tx, user);
  });
}
