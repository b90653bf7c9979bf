/**
 * PostgreSQL error codes the services react to, read the same way for both drivers (PGlite
 * and node-postgres; Drizzle wraps the driver's error in `cause`).
 */
function sqlState(error: unknown): string | null {
  const cause = error instanceof Error && 'cause' in error ? error.cause : error;
  if (typeof cause === 'object' && cause !== null && 'code' in cause)
    return typeof cause.code === 'string' ? cause.code : null;
  return null;
}

/** A unique index refused the write (an address or name taken at the same moment). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/**
 * A row referenced by the write was deleted between our check and the write (a post removed
 * while someone commented on it): the foreign key refuses it.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === '23503';
}

/**
 * PostgreSQL aborted the transaction to break a deadlock (40P01) or a serialization conflict
 * (40001). Nothing of it was written, and running it again is the remedy PostgreSQL documents.
 */
export function isTransientConflict(error: unknown): boolean {
  const state = sqlState(error);
  return state === '40P01' || state === '40001';
}

export const TRANSIENT_CONFLICT_ATTEMPTS = 3;

/**
 * Runs a whole transaction again when PostgreSQL chose it as a deadlock's victim. For writes
 * whose locks cannot always be taken in one order: deleting a post cascades to list items and
 * then locks their lists, while a list edit locks the list and then its items
 * (docs/lists.md#concurrency). `run` must start its own transaction.
 */
export async function retryTransientConflicts<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= TRANSIENT_CONFLICT_ATTEMPTS || !isTransientConflict(error)) throw error;
    }
  }
}
