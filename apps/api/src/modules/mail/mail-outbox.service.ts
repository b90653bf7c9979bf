import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { notFound } from '../../lib/http-error.js';
import {
  createPollingWorker,
  drainRetryQueue,
  type PollingWorker,
} from '../../lib/polling-worker.js';
import type { MailContent } from './mail-templates.js';
import type { MailLogger, MailTransport } from './mail-transport.js';
import * as repository from './mail-outbox.repository.js';

export type { OutboxRow } from './mail-outbox.repository.js';
/** The mails other modules queue, the time limits their links state, and the helpers to write one. */
export type { MailCategory, MailContent } from './mail-templates.js';
export {
  accountDeletedMail,
  archiveReadyMail,
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_VERIFICATION_TTL_HOURS,
  emailChangeConfirmationMail,
  emailChangeNoticeMail,
  emailVerificationMail,
  escapeHtml,
  formatJapanTime,
  linkify,
  notificationMail,
  PASSWORD_RESET_TTL_HOURS,
  passwordChangedMail,
  passwordResetMail,
  registrationAttemptNoticeMail,
  securityAlertMail,
} from './mail-templates.js';

export const MAIL_MAX_ATTEMPTS = 8;
/** How often a worker looks for due mail unless told otherwise (server.ts passes its own). */
const MAIL_POLL_INTERVAL_MS = 5_000;
/** Longer than the SMTP transport's worst case (connect + greeting + socket timeouts). */
const CLAIM_LEASE_SECONDS = 5 * 60;

/**
 * Queues a mail. Pass the caller's transaction so the mail exists exactly when the change
 * it reports does; nothing is sent here, so an SMTP outage never fails a request.
 */
export async function enqueueMail(
  db: Database,
  mail: { to: string } & MailContent,
): Promise<{ id: string }> {
  const row = await repository.insertOutboxMail(db, {
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    headers: JSON.stringify(mail.headers),
    category: mail.category,
  });
  return { id: row.id };
}

export function listRecentMails(db: Database, limit: number): Promise<repository.OutboxRow[]> {
  return repository.listRecentMails(db, limit);
}

export async function getMail(db: Database, id: string): Promise<repository.OutboxRow> {
  const row = await repository.findMail(db, id);
  if (!row) throw notFound('メールが見つかりませんでした。');
  return row;
}

const headersSchema = z.record(z.string(), z.string());

function parseHeaders(stored: string): Record<string, string> {
  try {
    const parsed = headersSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export interface MailWorkerOptions {
  db: Database;
  transport: MailTransport;
  log: MailLogger;
  intervalMs?: number;
  batchSize?: number;
  maxAttempts?: number;
  leaseSeconds?: number;
}

export interface DrainResult {
  sent: number;
  retrying: number;
  failed: number;
}

/** `drain()` sends everything due now (tests, shutdown, CLI); `stop()` waits for the batch in flight. */
export type MailWorker = PollingWorker<DrainResult>;

/**
 * Sends queued mail. Any number of workers (one per API instance) may run against one
 * database: each batch is claimed with SKIP LOCKED, so a mail goes out once per attempt
 * (lib/polling-worker.ts).
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, log } = options;
  const leaseSeconds = options.leaseSeconds ?? CLAIM_LEASE_SECONDS;
  const drain = async (): Promise<DrainResult> => {
    // One at a time: a pooled SMTP connection sends sequentially anyway, and a failing
    // server then costs one timeout per batch rather than batchSize at once.
    const { done, retrying, failed } = await drainRetryQueue<repository.OutboxRow>({
      claim: (limit) => repository.claimDueMails(db, limit, leaseSeconds),
      attempt: (row) =>
        transport.send({
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
          headers: parseHeaders(row.headers),
        }),
      succeeded: (row) => repository.markSent(db, row.id),
      markFailed: (row, failure) => repository.markAttemptFailed(db, row.id, failure),
      maxAttempts: options.maxAttempts ?? MAIL_MAX_ATTEMPTS,
      batchSize: options.batchSize ?? 20,
      log,
      idField: 'mailId',
      messages: { retrying: 'mail send failed; will retry', failed: 'mail failed for good' },
    });
    return { sent: done, retrying, failed };
  };
  return createPollingWorker({
    name: 'mail worker',
    intervalMs: options.intervalMs ?? MAIL_POLL_INTERVAL_MS,
    log,
    drain,
  });
}
