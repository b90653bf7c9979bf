import type { FastifyReply, FastifyRequest } from 'fastify';
import { prepareBytes, sendPrepared, type PreparedPayload } from '../lib/prepared-payload.js';
import type { SessionReader } from './authentication.js';

/**
 * The moderators' pages (`/moderation`, `/moderation/log`: `moderatorsOnly` in
 * packages/shared/src/web-routes.ts) must not be found by anyone else
 * (docs/moderation.md#moderators). The web app's fallback (plugins/web.ts) asks here first:
 *
 * - a moderator gets the app shell, which draws the page in the browser: 200, `private,
 *   no-store`, answered before the shared page cache is looked at and never kept in it;
 * - anyone else, visitors and members alike, gets what an address that names nothing gets: the
 *   same status, headers and page, the address the page prints aside (the server's render has
 *   no moderators' pages: apps/web/src/app/entry-server.tsx), and kept in the page cache as an
 *   unknown address's page is, so it also comes as fast, and stays served when renders are busy,
 *   as one.
 */

/** Whether the caller is a moderator; false for a visitor, and when it cannot be told. */
export type ModeratorCheck = (request: FastifyRequest) => Promise<boolean>;

export function createModeratorShell(shellHtml: string, isModerator?: ModeratorCheck) {
  let shell: Promise<PreparedPayload> | undefined;
  /** Sends the shell to a moderator and says so; false leaves the answer to the caller. */
  return async function serveModerator(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<boolean> {
    if (!isModerator || !(await isModerator(request).catch(() => false))) return false;
    shell ??= prepareBytes(Buffer.from(shellHtml), 'fast');
    await sendPrepared(
      request,
      reply,
      await shell,
      'private, no-store',
      'text/html; charset=utf-8',
    );
    return true;
  };
}

/** The check, by the session the request carries (a page is a GET: no origin is asked for). */
export function moderatorCheckOf(sessions: SessionReader): ModeratorCheck {
  return async (request) => (await sessions.read(request))?.user.role === 'moderator';
}
