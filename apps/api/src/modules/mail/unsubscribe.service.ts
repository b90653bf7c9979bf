import type { Database } from '../../db/database.js';
import { HttpError } from '../../lib/http-error.js';
import { createSecretToken, hashSecretToken } from '../../lib/secret-tokens.js';
import { enqueueMail } from './mail-outbox.service.js';
import { notificationMail } from './mail-templates.js';
import * as repository from './unsubscribe.repository.js';

/** Unsubscribe links stay valid this long, so an old notice can still switch notices off. */
export const UNSUBSCRIBE_TTL_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export const UNSUBSCRIBE_INVALID =
  'この配信停止リンクは無効か、有効期限が切れています。アカウント設定からお知らせメールの受信を停止できます。';

/** The answer once notices are switched off. */
export const UNSUBSCRIBED =
  'お知らせメールの配信を停止しました。アカウント設定からいつでも再開できます。';

export interface NoticeRecipient {
  id: string;
  name: string;
  email: string;
  mailOptIn: boolean;
}

/**
 * Queues a non-essential notice with its own unsubscribe link, or nothing at all when the
 * member has opted out. Essential mails (account security) go through `enqueueMail`.
 */
export async function enqueueNoticeMail(
  db: Database,
  publicUrl: string,
  recipient: NoticeRecipient,
  notice: { subject: string; lines: string[]; url: string; linkLabel: string },
): Promise<{ id: string } | null> {
  if (!recipient.mailOptIn) return null;
  const { token, hash } = createSecretToken();
  await repository.insertUnsubscribeToken(db, {
    userId: recipient.id,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + UNSUBSCRIBE_TTL_DAYS * DAY_MS),
  });
  const content = notificationMail({
    name: recipient.name,
    ...notice,
    unsubscribePageUrl: `${publicUrl}/unsubscribe/${token}`,
    oneClickUnsubscribeUrl: `${publicUrl}/api/v2/mail/unsubscribe/${token}`,
  });
  return enqueueMail(db, { to: recipient.email, ...content });
}

/** `taro@example.com` → `ta***@example.com`: enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1))}***${email.slice(at)}`;
}

export async function unsubscribe(db: Database, token: string): Promise<{ email: string }> {
  const email = await repository.optOutByToken(db, hashSecretToken(token));
  if (!email) throw new HttpError('BAD_REQUEST', UNSUBSCRIBE_INVALID);
  return { email: maskEmail(email) };
}
