import type { Database } from '../../db/database.js';
import * as moderation from './moderation.service.js';

/**
 * The operators' commands (`npm run admin -- <command> …`, docs/moderation.md#moderators): run
 * by the command line on the database directly, or by the running server for it when the
 * embedded database is held by that server (admin-socket.ts).
 */

export const ADMIN_USAGE = [
  'usage: npm run admin -- <command>',
  '  grant-moderator <email>    make the member with this address a moderator',
  '  revoke-moderator <email>   make them a member again',
  '  list-moderators            list the moderators',
].join('\n');

export interface AdminResult {
  ok: boolean;
  output: string;
}

export async function runAdminCommand(
  db: Database,
  command: string,
  args: readonly string[],
): Promise<AdminResult> {
  switch (command) {
    case 'grant-moderator':
    case 'revoke-moderator': {
      const email = args[0];
      if (!email || args.length !== 1) return { ok: false, output: ADMIN_USAGE };
      const member =
        command === 'grant-moderator'
          ? await moderation.grantModerator(db, email)
          : await moderation.revokeModerator(db, email);
      if (!member) return { ok: false, output: `no member has the address ${email}` };
      const role = command === 'grant-moderator' ? 'a moderator' : 'a member';
      return { ok: true, output: `${member.email} (${member.name}) is now ${role}` };
    }
    case 'list-moderators': {
      if (args.length > 0) return { ok: false, output: ADMIN_USAGE };
      const moderators = await moderation.listModerators(db);
      if (moderators.length === 0) return { ok: true, output: 'no moderators' };
      return {
        ok: true,
        output: moderators.map((member) => `${member.email}\t${member.name}`).join('\n'),
      };
    }
    default:
      return { ok: false, output: ADMIN_USAGE };
  }
}
