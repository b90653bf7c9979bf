/**
 * Errors that mean the database is not answering (stalled, restarting, out of connections),
 * not that the request was wrong: they answer 503 with Retry-After, never a 500.
 */

const UNAVAILABLE_MESSAGES = [
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error',
];
/** query_canceled (statement_timeout), admin shutdown, cannot connect now, too many connections, connection exceptions. */
const UNAVAILABLE_CODES =
  /^(57014|57P01|57P02|57P03|53300|08\d{3}|ECONNREFUSED|ECONNRESET|ETIMEDOUT)$/;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  if (UNAVAILABLE_MESSAGES.some((message) => error.message.includes(message))) return true;
  const code = 'code' in error ? String(error.code) : '';
  if (UNAVAILABLE_CODES.test(code)) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
