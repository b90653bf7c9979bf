/**
 * Errors that mean the disk is full (docs/security.md#crashes-and-the-disk): the file system's
 * ENOSPC/EDQUOT (an upload, the embedded database's files) and PostgreSQL's disk_full (53100).
 * They answer 507 in Japanese instead of
 * a 500: nothing of the request was kept (its transaction rolled back, an image row is taken
 * away with its files), and the next write succeeds once space is freed, without a restart.
 */
const FULL_CODES = /^(ENOSPC|EDQUOT|53100)$/;

export function isStorageFull(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = 'code' in error ? String(error.code) : '';
  if (FULL_CODES.test(code)) return true;
  return isStorageFull(error.cause, depth + 1);
}
