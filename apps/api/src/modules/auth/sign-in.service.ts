import type { Me } from '@ekispot/shared';
import { suspensionEnd } from '../../db/moderated.js';
import { HttpError } from '../../lib/http-error.js';
import { toMe, type AuthDeps } from './account-view.js';
import { AUTH_MESSAGES } from './auth.messages.js';
import * as repository from './auth.repository.js';
import { dummyPasswordHash, verifyPassword } from './passwords.js';
import { startSession, type SignInClient } from './security-alerts.js';
import * as securityRepository from './security.repository.js';
import {
  beginSecondStep,
  checkSecondStep,
  secondStepEnabled,
  secondStepRefusal,
} from './totp.service.js';

/**
 * Signing in with a password (docs/accounts.md#account-rules), then, when the member has an
 * authenticator app, with its code or a recovery code (#two-step-sign-in-and-passkeys).
 */

export type SignedIn = { token: string; user: Me };
export type SecondStepRequired = { second_step: { token: string; expires_at: string } };

/** Whether the member may sign in at all: a confirmed address and no suspension. */
export function assertMaySignIn(user: repository.UserRow) {
  if (!user.emailVerifiedAt) throw new HttpError('EMAIL_NOT_VERIFIED');
  // Only with the right password or passkey: a suspension is nobody else's business.
  if (user.suspendedUntil && user.suspendedUntil.getTime() > Date.now())
    throw new HttpError('FORBIDDEN', AUTH_MESSAGES.suspended(suspensionEnd(user.suspendedUntil)));
}

export async function login(
  deps: AuthDeps,
  input: { email: string; password: string; client: SignInClient; now?: Date },
): Promise<SignedIn | SecondStepRequired> {
  const user = await repository.findUserByEmail(deps.db, input.email);
  // Verify against a dummy hash for unknown addresses (and accounts with passkeys only), so
  // every refusal takes the same time.
  const stored = user?.passwordHash || (await dummyPasswordHash());
  const valid = (await verifyPassword(stored, input.password)) && user?.passwordHash !== '';
  // The refusal belongs to the form, not to a field: either the address or the password may be
  // the one mistyped, so no field error names one (docs/accounts.md#account-rules).
  if (!user || !valid) throw new HttpError('VALIDATION_FAILED', AUTH_MESSAGES.wrongCredentials);
  assertMaySignIn(user);
  if (await secondStepEnabled(deps.db, user.id))
    return { second_step: await beginSecondStep(deps.db, user.id, input.now ?? new Date()) };
  const token = await deps.db.transaction((tx) =>
    startSession(tx, deps.publicUrl, user, input.client),
  );
  return { token, user: toMe(user) };
}

/**
 * The second step of a password login. A wrong code is counted (committed) before the refusal;
 * the fifth in a row locks the second step for a while (totp.service.ts).
 */
export async function completeSecondStep(
  deps: AuthDeps,
  input: { token: string; code?: string | undefined; recoveryCode?: string | undefined },
  client: SignInClient,
  now: Date,
): Promise<SignedIn> {
  const outcome = await deps.db.transaction(async (tx) => {
    const checked = await checkSecondStep(tx, input, now);
    if ('failed' in checked) return checked;
    await securityRepository.deleteChallenge(tx, checked.challengeId);
    const user = await repository.findUserById(tx, checked.userId);
    if (!user) throw new HttpError('BAD_REQUEST', AUTH_MESSAGES.invalidLink);
    assertMaySignIn(user);
    return { token: await startSession(tx, deps.publicUrl, user, client), user: toMe(user) };
  });
  if ('failed' in outcome) throw secondStepRefusal(outcome.failed);
  return outcome;
}
