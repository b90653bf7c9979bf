import { NOTIFICATION_TYPE_LABELS, notificationSentence } from '@ekispot/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import {
  createPollingWorker,
  drainRetryQueue,
  type PollingWorker,
} from '../../lib/polling-worker.js';
import { enqueueNoticeMail } from '../mail/unsubscribe.service.js';
import type { NotificationHub } from './notification-hub.js';
import * as jobs from './notification-jobs.repository.js';
import { fanOutPost } from './notification-writes.service.js';
import { NOTIFICATION_MESSAGES as M } from './notifications.messages.js';

/**
 * The work that follows a commit (docs/notifications.md#background-work): a new post's
 * fan-out to followers and station wanters, and the batched notification mails. Every
 * instance runs one; rows are claimed with SKIP LOCKED, so each job is done once per attempt,
 * and a failed one is retried later, with the same loop as the mail outbox
 * (lib/polling-worker.ts).
 */

export const FAN_OUT_MAX_ATTEMPTS = 8;
const JOB_LEASE_SECONDS = 5 * 60;
/** How often the worker looks for due work unless told otherwise. */
const NOTIFICATION_POLL_INTERVAL_MS = 2_000;

export interface NotificationWorkerOptions {
  db: Database;
  hub: NotificationHub;
  publicUrl: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
  batchSize?: number;
}

export interface NotificationWorkResult {
  fannedOut: number;
  retrying: number;
  failed: number;
  mails: number;
}

/** `drain()` does everything due now (tests, benchmarks). */
export type NotificationWorker = PollingWorker<NotificationWorkResult>;

/** Writes the post's notifications in one transaction; returns who was told. */
function fanOut(db: Database, postId: string): Promise<string[]> {
  return db.transaction((tx) => fanOutPost(tx, postId));
}

/** One mail for everything waiting for the member's mail; nothing when they opted out. */
async function sendDigest(db: Database, publicUrl: string, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const batch = await jobs.takeMailBatch(tx, userId);
    const recipient = await jobs.findMailRecipient(tx, userId);
    if (batch.length === 0 || !recipient) return false;
    const byType = new Map<(typeof batch)[number]['type'], string[]>();
    for (const row of batch) byType.set(row.type, [...(byType.get(row.type) ?? []), row.actorId]);
    const names = new Map(
      (await jobs.findNames(tx, [...new Set(batch.map((row) => row.actorId))])).map((row) => [
        row.id,
        row.name,
      ]),
    );
    const lines = [...byType].map(([type, actors]) => {
      // A notice from the operators: its text is on the notifications page.
      if (type === 'moderation') return `・${NOTIFICATION_TYPE_LABELS[type]}：${actors.length}件`;
      const first = names.get(actors[0] ?? '') ?? M.someone;
      return `・${NOTIFICATION_TYPE_LABELS[type]}：${notificationSentence(type, first, actors.length)}`;
    });
    const mail = await enqueueNoticeMail(tx, publicUrl, recipient, {
      subject: M.digestSubject(batch.length),
      lines: [M.digestIntro, lines.join('\n')],
      url: `${publicUrl}/notifications`,
      linkLabel: M.digestLink,
    });
    return mail !== null;
  });
}

export function createNotificationWorker(options: NotificationWorkerOptions): NotificationWorker {
  const { db, hub, log } = options;
  const batchSize = options.batchSize ?? 20;

  async function drain(): Promise<NotificationWorkResult> {
    // Before the mails: a suspension that has run out counts again in what they say.
    await jobs.clearEndedSuspensions(db);
    const jobCounts = await drainRetryQueue<jobs.JobRow>({
      claim: (limit) => jobs.claimDueJobs(db, limit, JOB_LEASE_SECONDS),
      attempt: async (job) => {
        const told = await fanOut(db, job.postId);
        await jobs.deleteJob(db, job.id);
        hub.publish(told);
      },
      markFailed: (job, failure) => jobs.markJobFailed(db, job.id, failure),
      maxAttempts: FAN_OUT_MAX_ATTEMPTS,
      batchSize,
      log,
      idField: 'jobId',
      messages: {
        retrying: 'notification fan-out failed; will retry',
        failed: 'notification fan-out failed for good',
      },
    });
    let mails = 0;
    for (;;) {
      const members = await jobs.findMembersWithDueMail(db, batchSize);
      if (members.length === 0) break;
      for (const userId of members) {
        if (await sendDigest(db, options.publicUrl, userId)) mails += 1;
      }
    }
    return {
      fannedOut: jobCounts.done,
      retrying: jobCounts.retrying,
      failed: jobCounts.failed,
      mails,
    };
  }

  return createPollingWorker({
    name: 'notification worker',
    intervalMs: options.intervalMs ?? NOTIFICATION_POLL_INTERVAL_MS,
    log,
    drain,
  });
}
