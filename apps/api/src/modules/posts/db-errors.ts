/** PostgreSQL error codes this module reacts to (both drivers; Drizzle wraps them in `cause`). */
function sqlState(error: unknown): string | null {
  const cause = error instanceof Error && 'cause' in error ? error.cause : error;
  if (typeof cause === 'object' && cause !== null && 'code' in cause)
    return typeof cause.code === 'string' ? cause.code : null;
  return null;
}

/**
 * A row referenced by the write was deleted between our check and the write (a post removed
 * while someone commented on it): the foreign key refuses it.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlState(error) === '23503';
}
