import { camelToSnake } from '@ekispot/shared';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { messages } from '../../config/messages';
import { isApiError } from '../../lib/api-error';

/**
 * Puts a failed call's field errors beside their fields (the first one gets focus) and
 * returns what belongs above the form: the server's message when no field took it.
 * Form fields use the wire names of the shared schemas (snake_case), while the API client
 * camelCases error keys, hence the conversion back.
 */
export function applyApiError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): string | null {
  if (!isApiError(error)) return messages.form.unexpected;
  let placed = 0;
  const leftOver: string[] = [];
  for (const [key, list] of Object.entries(error.errors ?? {})) {
    const field = fields.find((name) => name === camelToSnake(key));
    const message = list[0];
    if (!message) continue;
    if (field) {
      setError(field, { type: 'server', message }, { shouldFocus: placed === 0 });
      placed += 1;
    } else {
      leftOver.push(message);
    }
  }
  if (leftOver.length > 0) return leftOver.join('\n');
  return placed > 0 ? null : error.message;
}
