import { camelToSnake } from '@ekispot/shared';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function appendValue(formData: FormData, key: string, value: unknown): void {
  if (value === null || value === undefined) return;
  if (value instanceof Blob) {
    formData.append(key, value);
  } else if (value instanceof Date) {
    formData.append(key, value.toISOString());
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => appendValue(formData, `${key}[${index}]`, item));
  } else if (isPlainObject(value)) {
    for (const [innerKey, inner] of Object.entries(value)) {
      appendValue(formData, `${key}[${camelToSnake(innerKey)}]`, inner);
    }
  } else if (typeof value === 'boolean') {
    formData.append(key, value ? 'true' : 'false');
  } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    formData.append(key, String(value));
  }
}

/**
 * Builds a multipart body (docs/product-rules.md#calls-and-their-names): keys snake_cased, arrays
 * as indexed keys (`images[0]`), nested objects as `a[b]`, null and undefined skipped.
 */
export function buildFormData(values: Record<string, unknown>): FormData {
  const formData = new FormData();
  for (const [key, value] of Object.entries(values))
    appendValue(formData, camelToSnake(key), value);
  return formData;
}
