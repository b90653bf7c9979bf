import {
  REPORT_OVERDUE_DAYS,
  TAKEDOWN_CONFIRM_HOURS,
  type ReportTargetKind,
  type TakedownConfirmResult,
  type TakedownCreateBody,
  type TakedownItem,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { HttpError, validationFailed } from '../../lib/http-error.js';
import { createSecretToken, hashSecretToken } from '../../lib/secret-tokens.js';
import { enqueueMail } from '../mail/mail-outbox.service.js';
import {
  takedownConfirmationMail,
  takedownOutcomeMail,
  takedownReceiptMail,
} from './takedown-mails.js';
import { newReceiptNumber } from './receipt-number.js';
import { checkTakedownUrl } from './takedown-url.js';
import { TAKEDOWN_MESSAGES as M } from './takedowns.messages.js';
import * as repository from './takedowns.repository.js';

/**
 * 削除の申し出 (docs/moderation.md#takedown-requests): anyone, signed in or not, asks for a page
 * of ours to be taken down. The request waits unconfirmed until the link mailed to its address
 * is opened, then joins the moderators' queue; the moderators' action on the item closes it and
 * mails the requester the outcome. The moderators' daily digest is offered from here too.
 */

export { TAKEDOWN_MESSAGES } from './takedowns.messages.js';
export {
  createModerationDigestWorker,
  sendModerationDigest,
  type DigestResult,
} from './moderation-digest.js';

export interface TakedownDeps {
  db: Database;
  /** PUBLIC_URL: the host a request's URL must be on, and where the mailed links lead. */
  publicUrl: string;
}

const HOUR_MS = 60 * 60 * 1000;
/** Draws of a receipt number before giving up: a second draw is needed once in ~10¹⁰. */
const RECEIPT_DRAWS = 5;
const DAY_MS = 24 * HOUR_MS;
/** The queue shows this many requests, the longest-waiting first. */
export const TAKEDOWN_QUEUE_SIZE = 100;

/** Where the confirmation link and the form are, on the web app. */
export const takedownFormUrl = (publicUrl: string) => `${publicUrl}/contact/takedown`;
const confirmUrlOf = (publicUrl: string, token: string) =>
  `${takedownFormUrl(publicUrl)}/confirm/${token}`;

/**
 * The page and item a request's URL names, or the 422 on `url`. Only the URL's form is checked
 * (takedown-url.ts): the answer is the same whether the item exists.
 */
export function assertTakedownUrl(deps: Pick<TakedownDeps, 'publicUrl'>, url: string) {
  const checked = checkTakedownUrl(url, deps.publicUrl);
  if (checked.ok) return checked;
  const message = M[checked.problem](deps.publicUrl);
  throw validationFailed({ url: [message] }, message);
}

/**
 * Inserts the request under a receipt number no other request has: a number drawn twice is
 * drawn again (`draw` is given by a test only).
 */
export async function insertWithReceiptNumber(
  tx: Database,
  values: Omit<repository.NewTakedown, 'receiptNumber'>,
  draw: () => string = newReceiptNumber,
): Promise<repository.TakedownRow> {
  for (let attempt = 0; attempt < RECEIPT_DRAWS; attempt += 1) {
    const row = await repository.insertTakedown(tx, { ...values, receiptNumber: draw() });
    if (row) return row;
  }
  throw new Error('no free takedown receipt number after several draws');
}

/** Stores the request unconfirmed and queues the confirmation mail, in one transaction. */
export async function createTakedown(deps: TakedownDeps, body: TakedownCreateBody): Promise<void> {
  const checked = assertTakedownUrl(deps, body.url);
  const { token, hash } = createSecretToken();
  const expiresAt = new Date(Date.now() + TAKEDOWN_CONFIRM_HOURS * HOUR_MS);
  await deps.db.transaction(async (tx) => {
    await insertWithReceiptNumber(tx, {
      url: checked.url,
      targetKind: checked.target.kind,
      targetId: checked.target.id,
      relationship: body.relationship,
      reason: body.reason,
      details: body.details,
      name: body.name ?? '',
      email: body.email,
      tokenHash: hash,
      tokenExpiresAt: expiresAt,
    });
    await enqueueMail(tx, {
      to: body.email,
      ...takedownConfirmationMail({
        url: checked.url,
        reason: body.reason,
        relationship: body.relationship,
        confirmUrl: confirmUrlOf(deps.publicUrl, token),
        expiresAt,
      }),
    });
  });
}

/**
 * The confirmation link: the request joins the queue and its receipt (with its number) is
 * queued. Opening the link again says so; an unknown or expired link is a 400, as the account
 * links are (docs/accounts.md).
 */
export async function confirmTakedown(
  deps: TakedownDeps,
  token: string,
): Promise<{ result: TakedownConfirmResult; message: string }> {
  return deps.db.transaction(async (tx) => {
    const found = await repository.findByTokenHash(tx, hashSecretToken(token));
    if (!found) throw new HttpError('BAD_REQUEST', M.invalidLink);
    if (found.status !== 'unconfirmed')
      return {
        result: { id: found.id, receipt_number: found.receiptNumber, already_confirmed: true },
        message: M.alreadyConfirmed,
      };
    if (found.expired) throw new HttpError('BAD_REQUEST', M.expiredLink);
    const row = await repository.markConfirmed(tx, found.id);
    if (!row) throw new HttpError('BAD_REQUEST', M.invalidLink);
    await enqueueMail(tx, {
      to: row.email,
      ...takedownReceiptMail({
        receiptNumber: row.receiptNumber,
        name: row.name,
        url: row.url,
        confirmedAt: row.confirmedAt ?? new Date(),
        formUrl: takedownFormUrl(deps.publicUrl),
      }),
    });
    return {
      result: { id: row.id, receipt_number: row.receiptNumber, already_confirmed: false },
      message: M.confirmed,
    };
  });
}

/** Whole days a request has waited since it was confirmed. */
function waitingDays(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));
}

function present(row: repository.TakedownRow, now: Date): TakedownItem {
  const confirmedAt = row.confirmedAt ?? row.createdAt;
  const days = waitingDays(confirmedAt, now);
  return {
    id: row.id,
    receipt_number: row.receiptNumber,
    url: row.url,
    target: row.targetKind && row.targetId ? { kind: row.targetKind, id: row.targetId } : null,
    relationship: row.relationship,
    reason: row.reason,
    details: row.details,
    name: row.name,
    email: row.email,
    confirmed_at: confirmedAt.toISOString(),
    waiting_days: days,
    overdue: days >= REPORT_OVERDUE_DAYS,
  };
}

/** Confirmed requests waiting for a moderator, the longest-waiting first. */
export async function openTakedowns(db: Database, now = new Date()): Promise<TakedownItem[]> {
  const rows = await repository.findOpen(db, TAKEDOWN_QUEUE_SIZE);
  return rows.map((row) => present(row, now));
}

export type TakedownOutcome = 'dismissed' | 'actioned';

async function mailOutcomes(
  tx: Database,
  closed: repository.ClosedTakedown[],
  outcome: TakedownOutcome,
  action: string,
): Promise<void> {
  for (const request of closed)
    await enqueueMail(tx, {
      to: request.email,
      ...takedownOutcomeMail({ ...request, outcome, action }),
    });
}

/**
 * For the moderators' actions (docs/moderation.md#closing-a-request): closes the open requests
 * about `target` in the caller's transaction `tx`, and queues each requester a short mail of
 * what was decided (`action` is the moderation action, e.g. `remove`; no moderator is named).
 * Returns how many were closed.
 */
export async function closeTakedownsFor(
  tx: Database,
  target: { kind: ReportTargetKind; id: string },
  outcome: TakedownOutcome,
  moderatorId: string,
  action: string,
): Promise<number> {
  const closed = await repository.closeOpenFor(tx, target, {
    status: outcome,
    resolvedBy: moderatorId,
  });
  await mailOutcomes(tx, closed, outcome, action);
  return closed.length;
}

/**
 * Closes one open request by its id (one whose URL names no item a moderator can act on), in
 * the caller's transaction, mailing its requester. Returns 1, or 0 when it was not open.
 */
export async function closeTakedown(
  tx: Database,
  id: string,
  outcome: TakedownOutcome,
  moderatorId: string,
): Promise<number> {
  const closed = await repository.closeOpenById(tx, id, {
    status: outcome,
    resolvedBy: moderatorId,
  });
  if (!closed) return 0;
  await mailOutcomes(tx, [closed], outcome, outcome === 'dismissed' ? 'dismiss' : '');
  return 1;
}
