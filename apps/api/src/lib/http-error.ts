import { ERROR_CODES, ERROR_MESSAGES, type ErrorCode, type FieldErrors } from '@ekispot/shared';

/** An error the client is meant to see: its status, code and Japanese message go on the wire. */
export class HttpError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string = ERROR_MESSAGES[code],
    readonly fieldErrors: FieldErrors | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = ERROR_CODES[code];
  }
}

export const notFound = (message?: string) => new HttpError('NOT_FOUND', message);
export const forbidden = (message?: string) => new HttpError('FORBIDDEN', message);
export const unauthenticated = (message?: string) => new HttpError('UNAUTHENTICATED', message);
export const conflict = (message?: string) => new HttpError('CONFLICT', message);

export function validationFailed(fieldErrors: FieldErrors, message?: string): HttpError {
  return new HttpError('VALIDATION_FAILED', message, fieldErrors);
}
