import { z } from 'zod';
import { lazySchema } from './lazy-schema.js';

/** Field errors: field name (snake_case on the wire) → messages. */
export const fieldErrorsSchema = lazySchema(() => z.record(z.string(), z.array(z.string())));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** The envelope every successful response is wrapped in (docs/conventions.md#api-conventions). */
export function successEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    data,
    message: z.string(),
    status: z.number().int(),
    success: z.literal(true),
    errors: z.null(),
  });
}

/** The envelope of every failed response (docs/conventions.md#api-conventions). */
export const errorEnvelopeSchema = lazySchema(() =>
  z.object({
    data: z.null(),
    message: z.string(),
    status: z.number().int(),
    success: z.literal(false),
    code: z.string(),
    errors: fieldErrorsSchema.nullable(),
  }),
);
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export interface SuccessEnvelope<T> {
  data: T;
  message: string;
  status: number;
  success: true;
  errors: null;
}

/** A page of a cursor-paginated list (docs/conventions.md#api-conventions). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}
