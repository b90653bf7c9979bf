import { countLinks } from '@ekispot/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { users } from '../../db/schema/index.js';
import { HttpError, validationFailed } from '../../lib/http-error.js';
import { NEWCOMER_MESSAGES as M } from './newcomers.messages.js';
import * as repository from './newcomers.repository.js';

/**
 * Guard rails for new accounts (docs/moderation.md#new-accounts): for a day after a member
 * confirmed their address, posts, comments and links per hour are limited and the profile takes
 * no links; and nobody may send the same body to one station after another. Asked by the posts
 * and the account services before they write.
 */

export interface NewcomerLimits {
  postsPerHour: number;
  commentsPerHour: number;
  /** Posts and comments holding a web address. */
  linksPerHour: number;
}

export const DEFAULT_NEWCOMER_LIMITS: NewcomerLimits = {
  postsPerHour: 5,
  commentsPerHour: 20,
  linksPerHour: 3,
};

const HOUR_SECONDS = 60 * 60;
/** How long an account counts as new after its address is confirmed. */
export const NEWCOMER_HOURS = 24;
/** A body this long or longer may not go to another station within a day. */
const SAME_BODY_MIN_LENGTH = 20;
const SAME_BODY_WINDOW_SECONDS = 24 * HOUR_SECONDS;
/** A short wait before trying again, for the 429 of a limit. */
const RETRY_AFTER_SECONDS = 600;

export function isNewcomer(verifiedAt: Date | null, now = new Date()): boolean {
  return verifiedAt === null || now.getTime() - verifiedAt.getTime() < NEWCOMER_HOURS * 3_600_000;
}

async function verifiedAtOf(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row?.verifiedAt ?? null;
}

const tooMany = (message: string) =>
  new HttpError('RATE_LIMITED', message, null, { 'retry-after': String(RETRY_AFTER_SECONDS) });

/** Writing of the last hour that held a link. */
function linkedLastHour(recent: Awaited<ReturnType<typeof repository.findRecentWriting>>) {
  return (
    recent.posts.filter((post) => countLinks(`${post.title}\n${post.body}`) > 0).length +
    recent.comments.filter((comment) => countLinks(comment.body) > 0).length
  );
}

export async function assertMayPost(
  db: Database,
  userId: string,
  limits: NewcomerLimits,
  draft: { title: string; body: string; stationGroupId: number | null },
): Promise<void> {
  const body = draft.body.trim();
  if (
    [...body].length >= SAME_BODY_MIN_LENGTH &&
    (await repository.postedSameBodyElsewhere(
      db,
      userId,
      draft.body,
      draft.stationGroupId,
      SAME_BODY_WINDOW_SECONDS,
    ))
  )
    throw validationFailed({ body: [M.sameBody] }, M.sameBody);
  if (!isNewcomer(await verifiedAtOf(db, userId))) return;
  const recent = await repository.findRecentWriting(db, userId, HOUR_SECONDS);
  if (recent.posts.length >= limits.postsPerHour) throw tooMany(M.posts(limits.postsPerHour));
  if (
    countLinks(`${draft.title}\n${draft.body}`) > 0 &&
    linkedLastHour(recent) >= limits.linksPerHour
  )
    throw validationFailed({ body: [M.links(limits.linksPerHour)] }, M.links(limits.linksPerHour));
}

export async function assertMayComment(
  db: Database,
  userId: string,
  limits: NewcomerLimits,
  body: string,
): Promise<void> {
  if (!isNewcomer(await verifiedAtOf(db, userId))) return;
  const recent = await repository.findRecentWriting(db, userId, HOUR_SECONDS);
  if (recent.comments.length >= limits.commentsPerHour)
    throw tooMany(M.comments(limits.commentsPerHour));
  if (countLinks(body) > 0 && linkedLastHour(recent) >= limits.linksPerHour)
    throw validationFailed({ body: [M.links(limits.linksPerHour)] }, M.links(limits.linksPerHour));
}

/** A new account's profile takes no links (a spammer's first stop). */
export function assertProfileText(verifiedAt: Date | null, bio: string | undefined): void {
  if (bio !== undefined && countLinks(bio) > 0 && isNewcomer(verifiedAt))
    throw validationFailed({ bio: [M.profileLinks] }, M.profileLinks);
}
