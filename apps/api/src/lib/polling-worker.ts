/**
 * The loop the background workers share (docs/architecture.md#background-workers): the mail
 * outbox and the notification worker each claim due rows with SKIP LOCKED, work through them,
 * and put a failed row back with a growing delay, polling while the server listens. Any number
 * of instances may run one against the same database: a claimed row is leased to one of them.
 */

import type { PassStatus } from './background-workers.js';

/** How a worker logs: pino's `(details, message)` (Fastify's logger fits). */
export interface WorkerLogger {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

const BACKOFF_BASE_SECONDS = 30;
const BACKOFF_CAP_SECONDS = 60 * 60;

/** 60 s after the first failure, doubling, at most an hour apart (~2 h of retries for 8 attempts). */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(BACKOFF_BASE_SECONDS * 2 ** attempts, BACKOFF_CAP_SECONDS);
}

/**
 * An error as stored with a failed row and logged: short, on one line, and without anything
 * that looks like credentials (a row's error is shown in /dev/mail).
 */
export function describeError(error: unknown): string {
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

/** A claimed row: `attempts` already counts the attempt it was claimed for. */
export interface QueuedRow {
  id: string;
  attempts: number;
}

export interface RetryQueue<Row extends QueuedRow> {
  /** Claims up to `limit` due rows (SKIP LOCKED, under a lease), counting the attempt. */
  claim(limit: number): Promise<Row[]>;
  /** The work itself; a throw is a failed attempt. */
  attempt(row: Row): Promise<void>;
  /** After a successful attempt. Its failure is not the row's: a sent mail is not sent again. */
  succeeded?(row: Row): Promise<void>;
  /** Stores the failure: due again in `retryInSeconds`, or failed for good when null. */
  markFailed(row: Row, failure: { error: string; retryInSeconds: number | null }): Promise<void>;
  maxAttempts: number;
  batchSize: number;
  log: WorkerLogger;
  /** The row's id as log lines name it (`mailId`, `jobId`). */
  idField: string;
  messages: { retrying: string; failed: string };
}

export interface DrainCounts {
  done: number;
  retrying: number;
  failed: number;
}

/**
 * Claims due rows a batch at a time and works through each, one after another, until none is
 * due. A failed row moves into the future (or fails for good), so this ends even while what
 * the work depends on is down.
 */
export async function drainRetryQueue<Row extends QueuedRow>(
  queue: RetryQueue<Row>,
): Promise<DrainCounts> {
  const counts: DrainCounts = { done: 0, retrying: 0, failed: 0 };
  for (;;) {
    const rows = await queue.claim(queue.batchSize);
    if (rows.length === 0) return counts;
    for (const row of rows) {
      try {
        await queue.attempt(row);
      } catch (error) {
        const giveUp = row.attempts >= queue.maxAttempts;
        const retryInSeconds = giveUp ? null : retryDelaySeconds(row.attempts);
        const err = describeError(error);
        await queue.markFailed(row, { error: err, retryInSeconds });
        const details = { [queue.idField]: row.id, attempts: row.attempts, retryInSeconds, err };
        if (giveUp) {
          counts.failed += 1;
          queue.log.error(details, queue.messages.failed);
        } else {
          counts.retrying += 1;
          queue.log.warn(details, queue.messages.retrying);
        }
        continue;
      }
      await queue.succeeded?.(row);
      counts.done += 1;
    }
  }
}

export interface PollingWorker<Result> {
  /** Polls every `intervalMs` until stopped; starting twice is starting once. */
  start(): void;
  /** Stops polling and waits for the pass in flight. */
  stop(): Promise<void>;
  /** Does everything due now and returns what happened (tests, benchmarks, shutdown). */
  drain(): Promise<Result>;
  /** How the timed passes went (lib/background-workers.ts `health`). */
  status(): PassStatus;
}

/**
 * Runs `drain` every `intervalMs` (measured from the end of the previous pass, so passes never
 * overlap) while started. A failed pass is logged and the next one runs as usual.
 */
export function createPollingWorker<Result>(options: {
  /** Names the worker in its log lines (`mail worker: batch failed`). */
  name: string;
  intervalMs: number;
  log: WorkerLogger;
  drain: () => Promise<Result>;
}): PollingWorker<Result> {
  const { name, intervalMs, log, drain } = options;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let inFlight: Promise<unknown> = Promise.resolve();
  const passes: PassStatus = { lastPassAt: null, lastError: null };

  function schedule() {
    if (!running) return;
    timer = setTimeout(() => {
      inFlight = drain()
        .then(
          () => {
            passes.lastError = null;
          },
          (error: unknown) => {
            passes.lastError = describeError(error);
            log.error({ err: passes.lastError }, `${name}: batch failed`);
          },
        )
        .finally(() => {
          passes.lastPassAt = new Date();
          schedule();
        });
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
    status: () => ({ ...passes }),
  };
}
