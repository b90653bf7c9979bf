import { DEFAULT_ERROR_MESSAGE, keysToCamel, UNEXPECTED_ERROR_MESSAGE } from '@ekispot/shared';

export type FieldErrors = Record<string, string[]>;

/** The normalised failure of any API call (docs/product-rules.md#errors). */
export interface ApiFailure {
  success: false;
  data: null;
  status: number;
  message: string;
  errors: FieldErrors | null;
}

export class ApiError extends Error implements ApiFailure {
  readonly success = false as const;
  readonly data = null;
  readonly status: number;
  readonly errors: FieldErrors | null;
  /** The envelope's error code (`EMAIL_NOT_VERIFIED`…), where the failure came with one. */
  readonly code: string | null;

  constructor(failure: Omit<ApiFailure, 'success' | 'data'> & { code?: string | null }) {
    super(failure.message);
    this.name = 'ApiError';
    this.status = failure.status;
    this.errors = failure.errors;
    this.code = failure.code ?? null;
  }

  toFailure(): ApiFailure {
    return {
      success: false,
      data: null,
      status: this.status,
      message: this.message,
      errors: this.errors,
    };
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFieldErrors(value: unknown): FieldErrors | null {
  if (!isRecord(value)) return null;
  const camel = keysToCamel(value);
  const result: FieldErrors = {};
  for (const [key, messages] of Object.entries(camel)) {
    if (Array.isArray(messages)) {
      result[key] = messages.filter((message): message is string => typeof message === 'string');
    } else if (typeof messages === 'string') {
      result[key] = [messages];
    }
  }
  return Object.keys(result).length > 0 ? result : null;
}

/**
 * Normalises a failed call: the HTTP status (or 500), the server's message,
 * else the error's text, else 「エラーが発生しました」, and camelCased field errors.
 */
export function normalizeFailure(input: {
  status?: number | undefined;
  body?: unknown;
  error?: unknown;
}): ApiError {
  const body = isRecord(input.body) ? input.body : null;
  const serverMessage =
    body && typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null;
  const errorText =
    input.error instanceof Error && input.error.message.trim() !== '' ? input.error.message : null;
  const status = typeof input.status === 'number' && input.status > 0 ? input.status : 500;
  return new ApiError({
    status,
    message: serverMessage ?? errorText ?? DEFAULT_ERROR_MESSAGE,
    errors: body ? readFieldErrors(body.errors) : null,
    code: body && typeof body.code === 'string' ? body.code : null,
  });
}

/**
 * A failure outside the envelope contract (network error, non-JSON body, wrong shape): always
 * status 500, whatever the HTTP status was (docs/product-rules.md#errors).
 */
export function unexpectedFailure(): ApiError {
  return new ApiError({
    status: 500,
    message: UNEXPECTED_ERROR_MESSAGE,
    errors: null,
  });
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
