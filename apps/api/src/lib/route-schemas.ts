import { errorEnvelopeSchema } from '@ekispot/shared';

/** Error responses a route documents in the OpenAPI, by status. */
export function errorResponses(
  ...statuses: (400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503)[]
) {
  return Object.fromEntries(statuses.map((status) => [status, errorEnvelopeSchema]));
}
