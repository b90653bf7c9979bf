import type { Report, ReportCreateBody } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { conflict, notFound, validationFailed } from '../../lib/http-error.js';
import { REPORT_MESSAGES as M } from './reports.messages.js';
import * as repository from './reports.repository.js';

/**
 * Reports (docs/moderation.md#reports): a member reports a post, comment, member or list they
 * can see and that is not their own; one open report per member and item.
 */

function present(row: repository.ReportRow): Report {
  return {
    id: row.id,
    target: { kind: row.targetKind, id: row.targetId },
    reason: row.reason,
    note: row.note,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

export async function createReport(
  db: Database,
  reporterId: string,
  body: ReportCreateBody,
): Promise<Report> {
  const { kind, id } = body.target;
  const target = await repository.findTarget(db, kind, id, reporterId);
  // What the reporter cannot see (a private list of someone else, a comment under a hidden
  // post) is no more there to them than a missing item: the same 404, so nothing is probed.
  if (!target || (!target.isPublic && target.ownerId !== reporterId))
    throw notFound(M.notFound(kind));
  if (target.ownerId === reporterId) throw validationFailed({ target: [M.own(kind)] }, M.own(kind));
  const row = await repository.insertOpenReport(db, {
    ...body,
    reporterId,
    targetOwnerId: target.ownerId,
  });
  if (!row) throw conflict(M.alreadyOpen(kind));
  return present(row);
}
