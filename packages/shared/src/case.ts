/**
 * snake_case ↔ camelCase conversion of keys, as docs/product-rules.md#calls-and-their-names
 * describes.
 */

type SnakeToCamel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<SnakeToCamel<Tail>>}`
  : S;

type CamelToSnake<S extends string> = S extends `${infer Head}${infer Tail}`
  ? Head extends Lowercase<Head>
    ? `${Head}${CamelToSnake<Tail>}`
    : `_${Lowercase<Head>}${CamelToSnake<Tail>}`
  : S;

export type CamelCased<T> = T extends readonly (infer U)[]
  ? CamelCased<U>[]
  : T extends Date | Blob | File
    ? T
    : T extends object
      ? { [K in keyof T as K extends string ? SnakeToCamel<K> : K]: CamelCased<T[K]> }
      : T;

export type SnakeCased<T> = T extends readonly (infer U)[]
  ? SnakeCased<U>[]
  : T extends Date | Blob | File
    ? T
    : T extends object
      ? { [K in keyof T as K extends string ? CamelToSnake<K> : K]: SnakeCased<T[K]> }
      : T;

export function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, char: string) => char.toUpperCase());
}

export function camelToSnake(key: string): string {
  return key.replace(/[A-Z]/g, (char) => `_${char.toLowerCase()}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value))
    result[convert(key)] = convertKeys(inner, convert);
  return result;
}

export function keysToCamel<T>(value: T): CamelCased<T> {
  return convertKeys(value, snakeToCamel) as CamelCased<T>;
}

export function keysToSnake<T>(value: T): SnakeCased<T> {
  return convertKeys(value, camelToSnake) as SnakeCased<T>;
}
