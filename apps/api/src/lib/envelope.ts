import type { SuccessEnvelope } from '@ekispot/shared';

/** Wraps a handler's result in the envelope of spec §7. */
export function envelope<T>(data: T, message = 'OK', status = 200): SuccessEnvelope<T> {
  return { data, message, status, success: true, errors: null };
}
