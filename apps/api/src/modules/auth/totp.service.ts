import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@ekispot/shared';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Database } from '../../db/database.js';
import { HttpError, validationFailed } from '../../lib/http-error.js';
import { createSecretToken, hashSecretToken } from '../../lib/secret-tokens.js';
import type { UserRow } from './auth.repository.js';
import { enqueueSecurityAlert } from './security-alerts.js';
import { SECURITY_MESSAGES } from './security.messages.js';
import * as repository from './security.repository.js';

/**
 * Two-step sign-in with an authenticator app (docs/accounts.md#two-step-sign-in-and-passkeys):
 * RFC 6238 codes of 30 s, one step either side accepted, none accepted twice (the last accepted
 * step is kept); ten single-use recovery codes, stored as hashes; five wrong codes or recovery
 * codes in a row lock the second step for 15 minutes. `now` is the app's clock (tests set it).
 */

export const SECOND_STEP_MAX_FAILURES = 5;
export const SECOND_STEP_LOCK_MINUTES = 15;
/** How long a password login waits for its second step. */
export const SECOND_STEP_TTL_MINUTES = 10;
const ISSUER = 'えきスポ';

const epochOf = (now: Date) => Math.floor(now.getTime() / 1000);

/** A recovery code: ten letters and digits, shown as `xxxxx-xxxxx`. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const code = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
const hashRecoveryCode = (code: string) => hashSecretToken(code.replaceAll('-', '').toLowerCase());

/** Starts (or starts again) a setup: a new secret, its otpauth URL and QR code (SVG). */
export async function startTotpSetup(db: Database, user: UserRow) {
  const secret = generateSecret();
  await repository.savePendingTotp(db, user.id, secret);
  const url = generateURI({ issuer: ISSUER, label: user.email, secret });
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret,
    otpauth_url: url,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

async function checkCode(secret: string, code: string, lastStep: number | null, now: Date) {
  const result = await verify({
    secret,
    token: code,
    epoch: epochOf(now),
    epochTolerance: 30,
    ...(lastStep !== null && { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Confirms the setup with one code; answers the ten recovery codes, shown this once. */
export async function enableTotp(
  db: Database,
  publicUrl: string,
  user: UserRow,
  code: string,
  now: Date,
): Promise<string[]> {
  const outcome = await db.transaction(async (tx) => {
    const row = await repository.findTotp(tx, user.id, { forUpdate: true });
    if (!row || row.enabledAt) throw new HttpError('CONFLICT', SECURITY_MESSAGES.totpNotStarted);
    const step = await checkCode(row.secret, code, row.lastStep, now);
    if (step === null) return null;
    await repository.updateTotp(tx, user.id, { enabledAt: now, lastStep: step, failures: 0 });
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repository.replaceRecoveryCodes(tx, user.id, codes.map(hashRecoveryCode));
    await enqueueSecurityAlert(tx, publicUrl, user, 'totp-enabled', { at: now });
    return codes;
  });
  if (!outcome) throw validationFailed({ code: [SECURITY_MESSAGES.wrongCode] });
  return outcome;
}

export async function disableTotp(db: Database, publicUrl: string, user: UserRow, now: Date) {
  await db.transaction(async (tx) => {
    const row = await repository.findTotp(tx, user.id, { forUpdate: true });
    if (!row?.enabledAt) throw new HttpError('CONFLICT', SECURITY_MESSAGES.totpNotEnabled);
    await repository.deleteTotp(tx, user.id);
    await enqueueSecurityAlert(tx, publicUrl, user, 'totp-disabled', { at: now });
  });
}

export async function regenerateRecoveryCodes(db: Database, userId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const row = await repository.findTotp(tx, userId, { forUpdate: true });
    if (!row?.enabledAt) throw new HttpError('CONFLICT', SECURITY_MESSAGES.totpNotEnabled);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await repository.replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
    return codes;
  });
}

/** Whether a password login of this member needs the second step. */
export async function secondStepEnabled(db: Database, userId: string): Promise<boolean> {
  return (await repository.findTotp(db, userId))?.enabledAt != null;
}

/** After the right password: the token the client sends its code with. */
export async function beginSecondStep(db: Database, userId: string, now: Date) {
  const { token, hash } = createSecretToken();
  const expiresAt = new Date(now.getTime() + SECOND_STEP_TTL_MINUTES * 60_000);
  await repository.insertChallenge(
    db,
    {
      purpose: 'second-step',
      key: hash,
      userId,
      data: null,
      expiresAt,
    },
    now,
  );
  return { token, expires_at: expiresAt.toISOString() };
}

const lockedError = (until: Date, now: Date) =>
  new HttpError(
    'RATE_LIMITED',
    SECURITY_MESSAGES.secondStepLocked(SECOND_STEP_LOCK_MINUTES),
    null,
    { 'Retry-After': String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))) },
  );

/**
 * Checks the second step of a pending password login, in the caller's transaction. Answers
 * the member's id when the code (or an unused recovery code) is right; a wrong one is counted
 * and reported as `failed`, for the caller to commit before refusing.
 */
export async function checkSecondStep(
  tx: Database,
  input: { token: string; code?: string | undefined; recoveryCode?: string | undefined },
  now: Date,
): Promise<{ userId: string; challengeId: string } | { failed: 'code' | 'recovery_code' }> {
  const challenge = await repository.findChallengeForUpdate(
    tx,
    'second-step',
    hashSecretToken(input.token),
  );
  if (!challenge?.userId || challenge.expiresAt.getTime() <= now.getTime())
    throw new HttpError('BAD_REQUEST', SECURITY_MESSAGES.secondStepExpired);
  const totp = await repository.findTotp(tx, challenge.userId, { forUpdate: true });
  if (!totp?.enabledAt) throw new HttpError('BAD_REQUEST', SECURITY_MESSAGES.secondStepExpired);
  if (totp.lockedUntil && totp.lockedUntil.getTime() > now.getTime())
    throw lockedError(totp.lockedUntil, now);
  if (input.code !== undefined) {
    const step = await checkCode(totp.secret, input.code, totp.lastStep, now);
    if (step !== null) {
      await repository.updateTotp(tx, totp.userId, { lastStep: step, failures: 0 });
      return { userId: totp.userId, challengeId: challenge.id };
    }
  } else if (
    input.recoveryCode !== undefined &&
    (await repository.useRecoveryCode(tx, totp.userId, hashRecoveryCode(input.recoveryCode)))
  ) {
    await repository.updateTotp(tx, totp.userId, { failures: 0 });
    return { userId: totp.userId, challengeId: challenge.id };
  }
  const failures = totp.failures + 1;
  const locks = failures >= SECOND_STEP_MAX_FAILURES;
  await repository.updateTotp(tx, totp.userId, {
    failures: locks ? 0 : failures,
    lockedUntil: locks ? new Date(now.getTime() + SECOND_STEP_LOCK_MINUTES * 60_000) : null,
  });
  return { failed: input.code !== undefined ? 'code' : 'recovery_code' };
}

/** The refusal of a wrong code, once its count is committed. */
export function secondStepRefusal(failed: 'code' | 'recovery_code') {
  return validationFailed({
    [failed]: [
      failed === 'code' ? SECURITY_MESSAGES.wrongCode : SECURITY_MESSAGES.wrongRecoveryCode,
    ],
  });
}
