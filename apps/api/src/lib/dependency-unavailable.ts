/**
 * A service the app depends on, other than the database, is not answering (the image storage
 * during an S3 outage): the request is answered 503 with Retry-After, and the log names the
 * service, not the database (plugins/errors.ts).
 */
export class DependencyUnavailableError extends Error {
  constructor(
    readonly dependency: 'image storage',
    cause: unknown,
  ) {
    super(`${dependency} unavailable`, { cause });
    this.name = 'DependencyUnavailableError';
  }
}

/** Codes of a connection that could not be made, or broke: the other side is not there. */
const CONNECTION_CODES =
  /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|EPIPE)$/;

/** Whether an error (or one of its causes) is a failed or broken connection. */
export function isConnectionFailure(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = 'code' in error ? String(error.code) : '';
  if (CONNECTION_CODES.test(code)) return true;
  // The AWS SDK reports some as a name, others only in a nested error list.
  if (CONNECTION_CODES.test(error.name)) return true;
  if (
    error instanceof AggregateError &&
    error.errors.some((inner) => isConnectionFailure(inner, depth + 1))
  )
    return true;
  return isConnectionFailure(error.cause, depth + 1);
}
