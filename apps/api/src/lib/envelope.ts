import type { SuccessEnvelope } from '@ekispot/shared';

/** Wraps a handler's result in the envelope (docs/conventions.md#api-conventions). */
export function envelope<T>(data: T, message = 'OK', status = 200): SuccessEnvelope<T> {
  return { data, message, status, success: true, errors: null };
}
