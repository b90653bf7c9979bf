import { AUTH_COOKIE_MAX_AGE_SECONDS } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { inTransaction, recordEvent } from '../effects/effects.service.js';
import { HttpError } from '../../lib/http-error.js';
import { createSecretToken, hashSecretToken } from '../../lib/secret-tokens.js';
import { enqueueMail, securityAlertMail } from '../mail/mail-outbox.service.js';
import { hoursFromNow } from './account-view.js';
import { AUTH_MESSAGES } from './auth.messages.js';
import * as accounts from './auth.repository.js';
import { describeUserAgent } from './device-label.js';
import * as repository from './security.repository.js';

/**
 * Alert mails (docs/accounts.md#alerts) and starting a session. Each alert carries one link,
 * valid 24 hours, that ends every session and leads to a new password: `secureAccount`. No IP
 * address or place is named or kept; a device is known by a hash of its random `device` cookie.
 */

export type AlertKind =
  | 'new-device'
  | 'passkey-added'
  | 'passkey-removed'
  | 'totp-enabled'
  | 'totp-disabled'
  | 'password-changed'
  | 'email-changed';

const HEADLINES: Record<AlertKind, string> = {
  'new-device': '新しい端末からログインがありました',
  'passkey-added': 'パスキーが追加されました',
  'passkey-removed': 'パスキーが削除されました',
  'totp-enabled': '2段階認証が有効になりました',
  'totp-disabled': '2段階認証が無効になりました',
  'password-changed': 'パスワードが変更されました',
  'email-changed': 'メールアドレスが変更されました',
};

function detailOf(kind: AlertKind, extra: { device?: string; passkey?: string }): string {
  switch (kind) {
    case 'new-device':
      return `これまでにない端末（${extra.device ?? '不明な端末'}）から、えきスポアカウントにログインがありました。`;
    case 'passkey-added':
      return `えきスポアカウントにパスキー「${extra.passkey ?? ''}」が追加されました。`;
    case 'passkey-removed':
      return `えきスポアカウントからパスキー「${extra.passkey ?? ''}」が削除されました。`;
    case 'totp-enabled':
      return 'えきスポアカウントで、認証アプリによる2段階認証が有効になりました。';
    case 'totp-disabled':
      return 'えきスポアカウントで、認証アプリによる2段階認証が無効になりました。';
    case 'password-changed':
      return 'えきスポアカウントのパスワードが変更されました。';
    case 'email-changed':
      return 'えきスポアカウントのメールアドレスが変更されました。';
  }
}

const SECURE_LINK_HOURS = 24;

/** Queues an alert to `to` (the account's address unless told) in the caller's transaction. */
export async function enqueueSecurityAlert(
  tx: Database,
  publicUrl: string,
  user: { id: string; name: string; email: string },
  kind: AlertKind,
  extra: { device?: string; passkey?: string; to?: string; at?: Date } = {},
) {
  const { token, hash } = createSecretToken();
  await accounts.insertMailToken(tx, {
    userId: user.id,
    purpose: 'reset_password',
    tokenHash: hash,
    expiresAt: hoursFromNow(SECURE_LINK_HOURS),
  });
  const mail = securityAlertMail({
    name: user.name,
    headline: HEADLINES[kind],
    detail: detailOf(kind, extra),
    at: extra.at ?? new Date(),
    secureUrl: `${publicUrl}/secure-account/${token}`,
  });
  await enqueueMail(tx, { to: extra.to ?? user.email, ...mail });
}

/**
 * 「アカウントを守る」: uses the alert's link, ends every session of the account and answers a
 * fresh reset link's token (1 hour), so the page goes straight on to a new password.
 */
export async function secureAccount(db: Database, token: string): Promise<string> {
  return inTransaction(db, async (tx) => {
    const used = await accounts.consumeMailToken(tx, 'reset_password', hashSecretToken(token));
    if (!used) throw new HttpError('BAD_REQUEST', AUTH_MESSAGES.invalidLink);
    await accounts.deleteSessionsOf(tx, used.userId);
    await recordEvent(tx, { type: 'sessions-ended', userId: used.userId });
    const fresh = createSecretToken();
    await accounts.insertMailToken(tx, {
      userId: used.userId,
      purpose: 'reset_password',
      tokenHash: fresh.hash,
      expiresAt: hoursFromNow(1),
    });
    return fresh.token;
  });
}

/** Where a sign-in comes from: its User-Agent and its `device` cookie's value (random). */
export interface SignInClient {
  userAgent: string | null;
  device: string | null;
}

/**
 * Starts a session for the member in the caller's transaction and returns its token. A device
 * the member never signed in from (and not their first) gets the new-device alert.
 */
export async function startSession(
  tx: Database,
  publicUrl: string,
  user: { id: string; name: string; email: string },
  client: SignInClient,
): Promise<string> {
  const { token, hash } = createSecretToken();
  await accounts.insertSession(tx, {
    userId: user.id,
    tokenHash: hash,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
    expiresAt: new Date(Date.now() + AUTH_COOKIE_MAX_AGE_SECONDS * 1000),
  });
  // No cookie (an API client, or a browser that dropped it) is a device not seen before.
  const seen = await repository.rememberDevice(
    tx,
    user.id,
    client.device ? hashSecretToken(client.device) : null,
  );
  if (seen.isNew && seen.hadOthers) {
    const { device, browser } = describeUserAgent(client.userAgent);
    const label = [device, browser].filter(Boolean).join('・') || '不明な端末';
    await enqueueSecurityAlert(tx, publicUrl, user, 'new-device', { device: label });
  }
  return token;
}
