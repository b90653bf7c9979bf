import type { Me, Passkey } from '@ekispot/shared';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError, notFound, validationFailed } from '../../lib/http-error.js';
import type { AuthDeps } from './account-view.js';
import { toMe } from './account-view.js';
import type { UserRow } from './auth.repository.js';
import * as accounts from './auth.repository.js';
import { enqueueSecurityAlert, startSession, type SignInClient } from './security-alerts.js';
import { SECURITY_MESSAGES } from './security.messages.js';
import * as repository from './security.repository.js';
import { openReauthWindow } from './sessions.service.js';
import { assertMaySignIn } from './sign-in.service.js';

/**
 * Passkeys (WebAuthn, docs/accounts.md#two-step-sign-in-and-passkeys). The relying party is the
 * site of PUBLIC_URL: its host name is the RP ID, its origin the only origin accepted. Every
 * ceremony's challenge is a row of `auth_challenges` (2 minutes, taken once with DELETE …
 * RETURNING), so any instance on the database accepts a challenge another made, without Redis.
 * A passkey checks the member's presence and proves possession: it counts as both steps.
 */

export const CHALLENGE_TTL_MS = 2 * 60 * 1000;
const RP_NAME = 'えきスポ';

export interface RelyingParty {
  rpID: string;
  origin: string;
}
export const relyingPartyOf = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
};

type Purpose = 'passkey-add' | 'passkey-signup' | 'passkey-login' | 'passkey-reauth';

export function toPasskey(row: repository.PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

async function storeChallenge(
  db: Database,
  purpose: Purpose,
  challenge: string,
  now: Date,
  owner: { userId?: string; data?: unknown } = {},
) {
  await repository.insertChallenge(
    db,
    {
      purpose,
      key: challenge,
      userId: owner.userId ?? null,
      data: owner.data ?? null,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    },
    now,
  );
}

/** The credential's JSON and the challenge it signed, taken (once) from the database. */
async function takeCeremony<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(
  db: Database,
  purpose: Purpose,
  text: string,
  now: Date,
): Promise<{ credential: T; challenge: repository.ChallengeRow }> {
  let credential: T;
  let challengeKey: string;
  try {
    credential = JSON.parse(text) as T;
    const clientData = JSON.parse(
      Buffer.from(credential.response.clientDataJSON, 'base64url').toString('utf8'),
    ) as { challenge?: unknown };
    if (typeof clientData.challenge !== 'string' || typeof credential.id !== 'string')
      throw new Error('no challenge');
    challengeKey = clientData.challenge;
  } catch {
    throw validationFailed({ credential: [SECURITY_MESSAGES.passkeyRefused] });
  }
  const challenge = await repository.takeChallenge(db, purpose, challengeKey, now);
  if (!challenge) throw new HttpError('BAD_REQUEST', SECURITY_MESSAGES.challengeExpired);
  return { credential, challenge };
}

/** Options to create a passkey for a member (settings) or a new member (signup). */
export async function registrationOptions(
  db: Database,
  rp: RelyingParty,
  now: Date,
  who: { kind: 'member'; user: UserRow } | { kind: 'signup'; name: string; email: string },
) {
  const existing = who.kind === 'member' ? await repository.listPasskeys(db, who.user.id) : [];
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: who.kind === 'member' ? who.user.email : who.email,
    userDisplayName: who.kind === 'member' ? who.user.name : who.name,
    ...(who.kind === 'member' && { userID: new TextEncoder().encode(who.user.id) }),
    attestationType: 'none',
    timeout: CHALLENGE_TTL_MS,
    excludeCredentials: existing.map((row) => ({
      id: row.credentialId,
      transports: row.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  if (who.kind === 'member')
    await storeChallenge(db, 'passkey-add', options.challenge, now, { userId: who.user.id });
  else
    await storeChallenge(db, 'passkey-signup', options.challenge, now, {
      data: { name: who.name, email: who.email },
    });
  // A plain object: the answer's schema takes WebAuthn's JSON as it is.
  return { ...options };
}

/** Checks a new credential against its challenge; the values to store. */
async function verifyNewCredential(
  rp: RelyingParty,
  credential: RegistrationResponseJSON,
  challenge: string,
) {
  const result = await verifyRegistrationResponse({
    response: credential,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) throw validationFailed({ credential: [SECURITY_MESSAGES.passkeyRefused] });
  const { credential: made } = result.registrationInfo;
  return {
    credentialId: made.id,
    publicKey: Buffer.from(made.publicKey).toString('base64url'),
    signCount: made.counter,
    transports: made.transports ?? [],
  };
}

/** Adds a passkey to the member's account (the route checked the re-authentication window). */
export async function addPasskey(
  deps: AuthDeps & { rp: RelyingParty },
  user: UserRow,
  input: { name: string; credential: string },
  now: Date,
): Promise<Passkey> {
  // Taken before anything else and committed: a challenge is used up even by a failed attempt.
  const taken = await takeCeremony<RegistrationResponseJSON>(
    deps.db,
    'passkey-add',
    input.credential,
    now,
  );
  if (taken.challenge.userId !== user.id)
    throw new HttpError('BAD_REQUEST', SECURITY_MESSAGES.challengeExpired);
  const values = await verifyNewCredential(deps.rp, taken.credential, taken.challenge.key);
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await repository.insertPasskey(tx, {
        ...values,
        userId: user.id,
        name: input.name,
      });
      await enqueueSecurityAlert(tx, deps.publicUrl, user, 'passkey-added', {
        passkey: input.name,
        at: now,
      });
      return toPasskey(row);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw validationFailed({ credential: [SECURITY_MESSAGES.passkeyTaken] });
    throw error;
  }
}

export async function removePasskey(deps: AuthDeps, user: UserRow, id: string, now: Date) {
  await deps.db.transaction(async (tx) => {
    const removed = await repository.deleteOwnPasskey(tx, user.id, id);
    if (!removed) throw notFound(SECURITY_MESSAGES.passkeyNotFound);
    // An account without a password keeps one way in.
    if (user.passwordHash === '' && (await repository.listPasskeys(tx, user.id)).length === 0)
      throw new HttpError('CONFLICT', SECURITY_MESSAGES.lastSignInMethod);
    await enqueueSecurityAlert(tx, deps.publicUrl, user, 'passkey-removed', {
      passkey: removed.name,
      at: now,
    });
  });
}

/**
 * Options to sign in (no credential named: the browser offers the passkeys it holds for the
 * site, in its autofill too) or, for a member, to confirm it is them.
 */
export async function authenticationOptions(
  db: Database,
  rp: RelyingParty,
  now: Date,
  member: UserRow | null,
) {
  const mine = member ? await repository.listPasskeys(db, member.id) : [];
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    timeout: CHALLENGE_TTL_MS,
    userVerification: 'preferred',
    allowCredentials: mine.map((row) => ({
      id: row.credentialId,
      transports: row.transports as AuthenticatorTransportFuture[],
    })),
  });
  await storeChallenge(db, member ? 'passkey-reauth' : 'passkey-login', options.challenge, now, {
    ...(member && { userId: member.id }),
  });
  return { ...options };
}

/**
 * Verifies an assertion against its challenge and the stored passkey; the passkey's row. The
 * challenge is taken first, in a statement of its own (committed at once: a failed attempt uses
 * it up too), and only then is `work` run in a transaction.
 */
async function withAssertion<T>(
  db: Database,
  rp: RelyingParty,
  purpose: 'passkey-login' | 'passkey-reauth',
  text: string,
  now: Date,
  work: (tx: Database, passkey: repository.PasskeyRow) => Promise<T>,
): Promise<T> {
  const taken = await takeCeremony<AuthenticationResponseJSON>(db, purpose, text, now);
  const passkey = await repository.findPasskeyByCredential(db, taken.credential.id);
  if (!passkey || (taken.challenge.userId && taken.challenge.userId !== passkey.userId))
    throw new HttpError('VALIDATION_FAILED', SECURITY_MESSAGES.passkeyUnknown);
  const result = await verifyAuthenticationResponse({
    response: taken.credential,
    expectedChallenge: taken.challenge.key,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: false,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.signCount,
      transports: passkey.transports as AuthenticatorTransportFuture[],
    },
  }).catch(() => null);
  if (!result?.verified) throw new HttpError('VALIDATION_FAILED', SECURITY_MESSAGES.passkeyRefused);
  return db.transaction(async (tx) => {
    await repository.markPasskeyUsed(tx, passkey.id, result.authenticationInfo.newCounter);
    return work(tx, passkey);
  });
}

/** 「パスキーでログイン」: both steps at once. */
export async function loginWithPasskey(
  deps: AuthDeps & { rp: RelyingParty },
  credential: string,
  client: SignInClient,
  now: Date,
): Promise<{ token: string; user: Me }> {
  return withAssertion(deps.db, deps.rp, 'passkey-login', credential, now, async (tx, passkey) => {
    const user = await accounts.findUserById(tx, passkey.userId);
    if (!user) throw new HttpError('VALIDATION_FAILED', SECURITY_MESSAGES.passkeyUnknown);
    assertMaySignIn(user);
    return { token: await startSession(tx, deps.publicUrl, user, client), user: toMe(user) };
  });
}

/** A passkey of the member opens the re-authentication window, as the password does. */
export async function reauthWithPasskey(
  deps: AuthDeps & { rp: RelyingParty },
  session: { user: UserRow; sessionId: string },
  credential: string,
  now: Date,
) {
  return withAssertion(deps.db, deps.rp, 'passkey-reauth', credential, now, (tx, passkey) => {
    if (passkey.userId !== session.user.id)
      throw new HttpError('VALIDATION_FAILED', SECURITY_MESSAGES.passkeyUnknown);
    return openReauthWindow(tx, session.sessionId, now);
  });
}

/** For a passkey-only registration (passkey-signup.service.ts). */
export async function takeSignupCredential(
  db: Database,
  rp: RelyingParty,
  credential: string,
  now: Date,
) {
  const taken = await takeCeremony<RegistrationResponseJSON>(db, 'passkey-signup', credential, now);
  const data = taken.challenge.data as { name: string; email: string } | null;
  if (!data) throw new HttpError('BAD_REQUEST', SECURITY_MESSAGES.challengeExpired);
  const values = await verifyNewCredential(rp, taken.credential, taken.challenge.key);
  return { ...data, values };
}
