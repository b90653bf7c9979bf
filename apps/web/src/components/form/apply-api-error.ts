import { camelToSnake } from '@ekispot/shared';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { messages } from '../../config/messages';
import { isApiError } from '../../lib/api-error';
import { sortFieldErrors } from './sort-field-errors';

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
  const sorted = sortFieldErrors(
    error.errors,
    (key) => fields.find((name) => name === camelToSnake(key)) ?? null,
  );
  sorted.fields.forEach(({ field, message }, index) =>
    setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
  );
  if (sorted.form.length > 0) return sorted.form.join('\n');
  return sorted.fields.length > 0 ? null : error.message;
}
