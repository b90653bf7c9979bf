import type { FieldErrors } from '../../lib/api-error';

export interface SortedFieldErrors<F extends string> {
  /** Errors to show beside fields, in the order the server gave them. */
  fields: { field: F; message: string }[];
  /** What no field can show: goes into the alert above the form, each message once. */
  form: string[];
}

/**
 * The one way a failed call's field errors (keys camelCased by the API client) are sorted onto
 * a form: `fieldFor` names the field a key belongs to, or null when no field the form shows can
 * take it; a field shows its first message only; everything else is for the alert.
 */
export function sortFieldErrors<F extends string>(
  errors: FieldErrors | null,
  fieldFor: (key: string) => F | null,
  messageFor: (key: string, message: string) => string = (_key, message) => message,
): SortedFieldErrors<F> {
  const result: SortedFieldErrors<F> = { fields: [], form: [] };
  const taken = new Set<F>();
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const first = messages[0];
    if (!first) continue;
    const message = messageFor(key, first);
    const field = fieldFor(key);
    if (field !== null && !taken.has(field)) {
      taken.add(field);
      result.fields.push({ field, message });
    } else if (!result.form.includes(message)) {
      result.form.push(message);
    }
  }
  return result;
}
