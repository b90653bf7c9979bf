import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The data folder must be writable before anything starts: otherwise the first write (the
 * database, an upload) fails with a raw EROFS or ENOSPC deep inside a request. These errors
 * name the problem in Japanese and English and stop start-up.
 */
export class DataDirError extends Error {
  constructor(
    readonly reason: 'read-only' | 'full' | 'not-owner',
    readonly dir: string,
  ) {
    super(MESSAGES[reason](dir));
    this.name = 'DataDirError';
  }
}

const MESSAGES: Record<DataDirError['reason'], (dir: string) => string> = {
  'read-only': (dir) =>
    `データフォルダー（DATA_DIR: ${dir}）に書き込めません（読み取り専用か、権限がありません）。` +
    `書き込めるフォルダーを DATA_DIR に指定してください。\n` +
    `The data folder (DATA_DIR: ${dir}) is not writable (read-only or no permission). ` +
    'Set DATA_DIR to a writable folder.',
  full: (dir) =>
    `データフォルダー（DATA_DIR: ${dir}）のディスクに空きがありません。空きを作ってから起動してください。\n` +
    `The disk holding the data folder (DATA_DIR: ${dir}) is full. Free some space and start again.`,
  'not-owner': (dir) =>
    `データフォルダー（DATA_DIR: ${dir}）の権限を所有者だけに絞れません（サーバーを動かすユーザーの` +
    `フォルダーではありません）。このユーザーが所有するフォルダーを DATA_DIR に指定してください。\n` +
    `The data folder (DATA_DIR: ${dir}) cannot be made private to its owner: the server's user ` +
    'does not own it. Set DATA_DIR to a folder this user owns.',
};

const READ_ONLY = new Set(['EROFS', 'EACCES', 'EPERM']);
const FULL = new Set(['ENOSPC', 'EDQUOT']);

/** A file-system error about the data folder as a named DataDirError; anything else as it is. */
export function asDataDirError(error: unknown, dir: string): unknown {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (READ_ONLY.has(code)) return new DataDirError('read-only', dir);
  if (FULL.has(code)) return new DataDirError('full', dir);
  return error;
}

/** Creates the folder if needed and proves it takes a write (and has room for one). */
export async function checkDataDir(dir: string): Promise<void> {
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(probe, Buffer.alloc(64 * 1024));
    await fs.rm(probe, { force: true });
  } catch (error) {
    await fs.rm(probe, { force: true }).catch(() => undefined);
    throw asDataDirError(error, dir);
  }
}

/** What the process creates is its owner's alone: no group or world bits (docs/security.md#the-data-folder). */
export const PRIVATE_UMASK = 0o077;

/**
 * The data folder holds the database, uploads, lock files and the admin socket: nobody but its
 * owner may read or write any of it. From here on everything this process creates is private
 * (a umask, so PGlite's own files and the socket are born private, never widened and then
 * narrowed); the folder itself becomes 0700, and a folder an older release left wider (its
 * files 0644 or 0666) is narrowed once, file by file. Call first, before anything is created.
 */
export async function keepDataDirPrivate(dir: string): Promise<void> {
  process.umask(PRIVATE_UMASK);
  let mode: number;
  try {
    mode = (await fs.stat(dir)).mode;
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return;
    throw asDataDirError(error, dir);
  }
  if ((mode & 0o777) === 0o700) return;
  try {
    await fs.chmod(dir, 0o700);
    await narrowModes(dir);
  } catch (error) {
    // Another user's folder (or a file of theirs in it): it cannot be made ours alone.
    if (error instanceof Error && 'code' in error && error.code === 'EPERM')
      throw new DataDirError('not-owner', dir);
    throw asDataDirError(error, dir);
  }
}

/**
 * Takes the group and world bits off everything below `dir` (links are left alone): an older
 * release's folder, and the files PGlite sets to 0666 itself whatever the umask (the initial
 * database it unpacks on a fresh folder, db/database.ts).
 */
export async function narrowModes(dir: string): Promise<void> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    const full = path.join(dir, entry.name);
    const { mode } = await fs.lstat(full);
    if ((mode & 0o077) !== 0) await fs.chmod(full, mode & 0o700);
    if (entry.isDirectory()) await narrowModes(full);
  }
}
