import type { AccountSecurity, AccountSession } from '@ekispot/shared';
import { REAUTH_WINDOW_MINUTES } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { inTransaction, recordEvent } from '../effects/effects.service.js';
import { HttpError, notFound, validationFailed } from '../../lib/http-error.js';
import { describeUserAgent } from './device-label.js';
import { AUTH_MESSAGES } from './auth.messages.js';
import type { UserRow } from './auth.repository.js';
import { verifyPassword } from './passwords.js';
import { SECURITY_MESSAGES } from './security.messages.js';
import * as repository from './security.repository.js';

/**
 * A member's sessions as a list they can end, and the re-authentication window
 * (docs/accounts.md#sessions, #re-authentication). Ending a session records `sessions-ended`:
 * the member's live streams recheck their session after the commit and the ended one closes
 * (notifications/session-watch.ts); its push subscriptions go with it by the foreign key.
 */

export async function listSessions(
  db: Database,
  userId: string,
  currentId: string,
): Promise<AccountSession[]> {
  const rows = await repository.listSessions(db, userId);
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt.toISOString(),
    current: row.id === currentId,
  }));
}

export async function endSession(db: Database, userId: string, sessionId: string) {
  await inTransaction(db, async (tx) => {
    if (!(await repository.deleteOwnSession(tx, userId, sessionId)))
      throw notFound(SECURITY_MESSAGES.sessionNotFound);
    await recordEvent(tx, { type: 'sessions-ended', userId });
  });
}

/** Ends every session of the member but this one; how many ended. */
export async function endOtherSessions(db: Database, userId: string, keepId: string) {
  return inTransaction(db, async (tx) => {
    const ended = await repository.deleteOtherSessions(tx, userId, keepId);
    if (ended > 0) await recordEvent(tx, { type: 'sessions-ended', userId });
    return ended;
  });
}

const REAUTH_WINDOW_MS = REAUTH_WINDOW_MINUTES * 60 * 1000;

/** Opens the window for this session: 5 minutes from now. */
export async function openReauthWindow(db: Database, sessionId: string, now: Date) {
  const until = new Date(now.getTime() + REAUTH_WINDOW_MS);
  await repository.setReauthUntil(db, sessionId, until);
  return until;
}

/** The password, given once, opens the window; a passkey does so in passkeys.service.ts. */
export async function reauthWithPassword(
  db: Database,
  session: { user: UserRow; sessionId: string },
  password: string,
  now: Date,
) {
  if (session.user.passwordHash === '')
    throw validationFailed({ password: [SECURITY_MESSAGES.noPassword] });
  if (!(await verifyPassword(session.user.passwordHash, password)))
    throw validationFailed({ password: [AUTH_MESSAGES.wrongPassword] });
  return openReauthWindow(db, session.sessionId, now);
}

/** Until when the window is open, or null. */
export async function reauthUntil(db: Database, sessionId: string, now: Date) {
  const until = await repository.findReauthUntil(db, sessionId);
  return until && until.getTime() > now.getTime() ? until : null;
}

/**
 * Refuses a change to the account's security unless the window is open, or the password sent
 * with the change is right (which opens it too, so the next change asks nothing).
 */
export async function requireReauth(
  db: Database,
  session: { user: UserRow; sessionId: string },
  now: Date,
  password?: { field: string; value: string | undefined },
) {
  if (password?.value !== undefined && password.value !== '') {
    if (!(await verifyPassword(session.user.passwordHash, password.value)))
      throw validationFailed({ [password.field]: [AUTH_MESSAGES.wrongPassword] });
    await openReauthWindow(db, session.sessionId, now);
    return;
  }
  if (!(await reauthUntil(db, session.sessionId, now))) throw new HttpError('REAUTH_REQUIRED');
}

/** What guards the account now (`GET /auth/security`). */
export async function accountSecurity(
  db: Database,
  session: { user: UserRow; sessionId: string },
  now: Date,
): Promise<AccountSecurity> {
  const userId = session.user.id;
  const totp = await repository.findTotp(db, userId);
  const enabled = totp?.enabledAt != null;
  const until = await reauthUntil(db, session.sessionId, now);
  return {
    has_password: session.user.passwordHash !== '',
    totp_enabled: enabled,
    recovery_codes_left: enabled ? await repository.countRecoveryCodesLeft(db, userId) : 0,
    passkeys: (await repository.listPasskeys(db, userId)).map((row) => ({
      id: row.id,
      name: row.name,
      created_at: row.createdAt.toISOString(),
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
    })),
    reauth_until: until?.toISOString() ?? null,
  };
}
