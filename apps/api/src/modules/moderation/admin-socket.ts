import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { PRIVATE_UMASK } from '../../db/data-dir.js';
import type { Database } from '../../db/database.js';
import { runAdminCommand, type AdminResult } from './admin-commands.js';

/**
 * The embedded database is one process's alone (db/database.ts locks its folder), so while the
 * server runs, `npm run admin` asks the server to run its command: over a Unix socket in the
 * data folder that only the folder's owner may open (docs/moderation.md#moderators). One line
 * of JSON in (`{ command, args }`), one line of JSON out (`{ ok, output }`).
 */

export const adminSocketPath = (dataDir: string) => path.join(dataDir, 'admin.sock');

/** A request longer than this is no command. */
const REQUEST_MAX_BYTES = 4_096;

async function answer(db: Database, line: string): Promise<AdminResult> {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return { ok: false, output: 'not a command' };
  }
  const { command, args } = (request ?? {}) as { command?: unknown; args?: unknown };
  if (
    typeof command !== 'string' ||
    !Array.isArray(args) ||
    !args.every((arg) => typeof arg === 'string')
  )
    return { ok: false, output: 'not a command' };
  return runAdminCommand(db, command, args);
}

export async function startAdminSocket(options: {
  dataDir: string;
  db: Database;
  log: FastifyBaseLogger;
}): Promise<{ close(): Promise<void> }> {
  const socketPath = adminSocketPath(options.dataDir);
  // A socket file left by a process that is gone: the folder's lock is ours now.
  await fs.rm(socketPath, { force: true });
  const server = net.createServer((connection) => {
    let received = '';
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > REQUEST_MAX_BYTES) return connection.destroy();
      const end = received.indexOf('\n');
      if (end === -1) return;
      connection.pause();
      answer(options.db, received.slice(0, end)).then(
        (result) => connection.end(`${JSON.stringify(result)}\n`),
        (error: unknown) => {
          options.log.error({ err: error }, 'admin command failed');
          connection.end(`${JSON.stringify({ ok: false, output: 'the command failed' })}\n`);
        },
      );
    });
    connection.on('error', () => {});
  });
  // Born private: the process's umask (keepDataDirPrivate, db/data-dir.ts; narrowed here too,
  // should a caller have skipped it) leaves no group or world bits on the socket as it is
  // created, so it never exists wider; the chmod only takes off its owner's execute bit.
  process.umask(process.umask(PRIVATE_UMASK) | PRIVATE_UMASK);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await fs.chmod(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

/** Sends one command to the server holding the data folder; null when none is listening. */
export function sendAdminCommand(
  dataDir: string,
  command: string,
  args: readonly string[],
): Promise<AdminResult | null> {
  return new Promise((resolve, reject) => {
    const connection = net.connect(adminSocketPath(dataDir));
    let received = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write(`${JSON.stringify({ command, args })}\n`));
    connection.on('data', (chunk: string) => (received += chunk));
    connection.on('end', () => {
      try {
        resolve(JSON.parse(received) as AdminResult);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}
