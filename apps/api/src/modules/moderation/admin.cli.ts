import path from 'node:path';
import { DataDirError, keepDataDirPrivate } from '../../db/data-dir.js';
import { DataDirLockedError, openDatabase } from '../../db/database.js';
import { ADMIN_USAGE, runAdminCommand, type AdminResult } from './admin-commands.js';
import { sendAdminCommand } from './admin-socket.js';

/**
 * npm run admin -- grant-moderator <email> | revoke-moderator <email> | list-moderators
 * With DATABASE_URL, on PostgreSQL directly. On the embedded database in DATA_DIR (default
 * ./data), through the running server when there is one, else on the folder itself
 * (docs/moderation.md#moderators).
 */
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error(ADMIN_USAGE);
  process.exit(2);
}

async function run(name: string): Promise<AdminResult> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  if (!databaseUrl) {
    const answered = await sendAdminCommand(dataDir, name, args);
    if (answered) return answered;
    // The folder's files this command makes are as private as the server's (db/data-dir.ts).
    await keepDataDirPrivate(dataDir);
  }
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    return await runAdminCommand(database.db, name, args);
  } finally {
    await database.close();
  }
}

try {
  const result = await run(command);
  (result.ok ? console.log : console.error)(result.output);
  process.exit(result.ok ? 0 : 1);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(
      `${error.message}\nThe server holding it did not answer on its admin socket; is it an older release?`,
    );
    process.exit(1);
  }
  if (error instanceof DataDirError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
