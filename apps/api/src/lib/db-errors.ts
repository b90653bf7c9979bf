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
