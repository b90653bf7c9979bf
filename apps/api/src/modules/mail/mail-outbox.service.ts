import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { notFound } from '../../lib/http-error.js';
import type { MailContent } from './mail-templates.js';
import type { MailLogger, MailTransport } from './mail-transport.js';
import * as repository from './mail-outbox.repository.js';

export type { OutboxRow } from './mail-outbox.repository.js';
/** The mails other modules queue, and the time limits their links state. */
export * from './mail-templates.js';

export const MAIL_MAX_ATTEMPTS = 8;
const BACKOFF_BASE_SECONDS = 30;
const BACKOFF_CAP_SECONDS = 60 * 60;
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

/** 60 s after the first failure, doubling, at most an hour apart (~2 h of retries in all). */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(BACKOFF_BASE_SECONDS * 2 ** attempts, BACKOFF_CAP_SECONDS);
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

/** Short, and without anything that looks like credentials: the error is stored and shown in /dev/mail. */
export function describeSendError(error: unknown): string {
  const code =
    error instanceof Error && 'code' in error && typeof error.code === 'string'
      ? `${error.code}: `
      : '';
  const message = error instanceof Error ? error.message : String(error);
  return `${code}${message}`
    .replace(/\/\/[^\s/@]+@/g, '//[redacted]@')
    .replace(/\s+/g, ' ')
    .slice(0, 300);
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

export interface MailWorker {
  start(): void;
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>;
  /** Sends everything due now and returns what happened (tests, shutdown, CLI). */
  drain(): Promise<DrainResult>;
}

/**
 * Sends queued mail. Any number of workers (one per API instance) may run against one
 * database: each batch is claimed with SKIP LOCKED, so a mail goes out once per attempt.
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { db, transport, log } = options;
  const intervalMs = options.intervalMs ?? 5_000;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? MAIL_MAX_ATTEMPTS;
  const leaseSeconds = options.leaseSeconds ?? CLAIM_LEASE_SECONDS;

  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let inFlight: Promise<unknown> = Promise.resolve();

  async function deliver(row: repository.OutboxRow, result: DrainResult): Promise<void> {
    try {
      await transport.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        headers: parseHeaders(row.headers),
      });
    } catch (error) {
      const giveUp = row.attempts >= maxAttempts;
      const retryInSeconds = giveUp ? null : retryDelaySeconds(row.attempts);
      await repository.markAttemptFailed(db, row.id, {
        error: describeSendError(error),
        retryInSeconds,
      });
      const details = {
        mailId: row.id,
        attempts: row.attempts,
        retryInSeconds,
        err: describeSendError(error),
      };
      if (giveUp) {
        result.failed += 1;
        log.error(details, 'mail failed for good');
      } else {
        result.retrying += 1;
        log.warn(details, 'mail send failed; will retry');
      }
      return;
    }
    await repository.markSent(db, row.id);
    result.sent += 1;
  }

  /** One claim and its sends; returns how many rows were claimed. */
  async function runBatch(result: DrainResult): Promise<number> {
    const rows = await repository.claimDueMails(db, batchSize, leaseSeconds);
    // One at a time: a pooled SMTP connection sends sequentially anyway, and a failing
    // server then costs one timeout per batch rather than batchSize at once.
    for (const row of rows) await deliver(row, result);
    return rows.length;
  }

  async function drain(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, retrying: 0, failed: 0 };
    // Failed sends move into the future, so this ends even while the server is down.
    while ((await runBatch(result)) > 0);
    return result;
  }

  function schedule() {
    if (!running) return;
    timer = setTimeout(() => {
      inFlight = drain()
        .catch((error: unknown) =>
          log.error({ err: describeSendError(error) }, 'mail worker: batch failed'),
        )
        .finally(schedule);
    }, intervalMs);
    // A pending poll must not keep the process alive on shutdown.
    timer.unref();
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await inFlight;
    },
    drain,
  };
}
