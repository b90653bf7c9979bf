import type { Database } from '../../db/database.js';
import { createHash } from 'node:crypto';
import { HttpError } from '../../lib/http-error.js';
import { hashSecretToken } from '../../lib/secret-tokens.js';
import type { AuthDeps } from './account-view.js';
import { AUTH_MESSAGES } from './auth.messages.js';
import * as repository from './auth.repository.js';

/**
 * An unexpected confirmation mail (docs/accounts.md#an-unexpected-confirmation-mail): anyone
 * can register someone else's address with a password of their own, and the owner, clicking
 * the link, would confirm an account the registrant holds. So the link's page first names the
 * account and asks; 「いいえ」 deletes the unconfirmed account and refuses the address to new
 * registrations for a day, silently (the registrant sees what any registration sees).
 */

/** How long an address its owner disowned stays closed to registration. */
export const DECLINED_BLOCK_MS = 24 * 60 * 60 * 1000;

/**
 * The key a registration block is stored under: a hash, never the address. In the database, beside
 * the secret a keyed hash would use, so a key would add nothing there (lib/address-key.ts is for
 * Redis's keys).
 */
export const blockKeyOf = (email: string) =>
  createHash('sha256').update(email).digest('base64url').slice(0, 22);

/**
 * The account a confirmation link is for (its name), without using the link; `confirmed` when
 * the link was used already and its account is confirmed (a second click says so).
 */
export async function pendingVerification(
  db: Database,
  token: string,
): Promise<{ name: string; confirmed: boolean }> {
  const link = await repository.findVerificationLink(db, hashSecretToken(token));
  if (link?.live && !link.confirmed) return { name: link.name, confirmed: false };
  if (link && !link.live && link.confirmed) return { name: link.name, confirmed: true };
  throw new HttpError('BAD_REQUEST', AUTH_MESSAGES.invalidLink);
}

/**
 * Whether confirming the link would succeed (it is unused and unexpired), without using it: the
 * answer to HEAD, which must change nothing (docs/security.md#safe-methods).
 */
export async function checkVerificationLink(db: Database, token: string): Promise<void> {
  const link = await repository.findVerificationLink(db, hashSecretToken(token));
  if (!link?.live) throw new HttpError('BAD_REQUEST', AUTH_MESSAGES.invalidLink);
}

/** 「いいえ」: the link is used up, the unconfirmed account deleted, the address closed a day. */
export async function declineVerification(deps: AuthDeps, token: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const used = await repository.consumeMailToken(tx, 'verify_email', hashSecretToken(token));
    if (!used) throw new HttpError('BAD_REQUEST', AUTH_MESSAGES.invalidLink);
    const user = await repository.findUserById(tx, used.userId);
    if (!user || user.emailVerifiedAt)
      throw new HttpError('BAD_REQUEST', AUTH_MESSAGES.invalidLink);
    await repository.deleteUser(tx, user.id);
    await repository.blockRegistration(
      tx,
      blockKeyOf(user.email),
      new Date(Date.now() + DECLINED_BLOCK_MS),
    );
  });
}

/** Whether the address's owner disowned a registration of it within the last day. */
export function registrationBlocked(db: Database, email: string): Promise<boolean> {
  return repository.isRegistrationBlocked(db, blockKeyOf(email));
}
