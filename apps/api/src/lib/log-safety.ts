import type { FastifyRequest } from 'fastify';
import { DrizzleQueryError } from 'drizzle-orm';

/**
 * What the log may hold. Logs travel further than the database (aggregators, support
 * tickets), so secrets and personal data must never reach them: passwords and their hashes,
 * session and mail-link tokens, cookies, and the values of a failed query.
 */

const SECRET_FIELDS = [
  'password',
  'password_confirmation',
  'current_password',
  'passwordHash',
  'password_hash',
  'token',
  'tokenHash',
  'token_hash',
  'authorization',
  'cookie',
  'email',
  'params',
  // The second step and passkeys (docs/accounts.md#two-step-sign-in-and-passkeys); a TOTP
  // code is never logged, and `code` stays readable for errors' codes.
  'secret',
  'recovery_code',
  'recovery_codes',
  'otpauth_url',
  'credential',
];

/** pino `redact` paths: each secret field at the top level and up to three levels down. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`, `*.*.*.${field}`]),
];

/** Mail links carry their token in the path: `/email/verify/<token>` and the like. */
const TOKEN_IN_PATH =
  /(\/(?:verify|verify-email|verify-new-email|reset-password|unsubscribe|confirm|secure-account)\/)[A-Za-z0-9_-]+/g;

export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, '$1[redacted]');
}

/** Fastify's request serializer, with link tokens taken out of the URL. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: SerializedError;
}

/** PostgreSQL error fields that name things but hold no values (`detail` may hold values). */
const SAFE_DB_FIELDS = ['code', 'constraint', 'table', 'column'] as const;

/**
 * Errors as the log shows them. A failed query is logged by its SQL text and the database's
 * error code only: its parameters (a new user's e-mail, a password hash…) and PostgreSQL's
 * `detail` (which quotes the conflicting values) stay out, in the message and the stack too.
 */
export function serializeError(error: Error): SerializedError {
  return serializeAny(error, 0);
}

function serializeAny(error: unknown, depth: number): SerializedError {
  if (!(error instanceof Error)) {
    // Something thrown or passed that is no Error: its own message where it has one, never
    // "[object Object]".
    const message =
      typeof error === 'object' &&
      error !== null &&
      typeof Reflect.get(error, 'message') === 'string'
        ? String(Reflect.get(error, 'message'))
        : typeof error === 'object' && error !== null
          ? 'a non-Error object'
          : String(error);
    return { type: typeof error, message, stack: message };
  }
  const message =
    error instanceof DrizzleQueryError ? `Failed query: ${error.query}` : error.message;
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line)) ?? [];
  const serialized: SerializedError = {
    type: error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  const record = error as unknown as Record<string, unknown>;
  for (const field of SAFE_DB_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = String(value);
  }
  if (error.cause !== undefined && depth < 5)
    serialized.cause = serializeAny(error.cause, depth + 1);
  return serialized;
}
