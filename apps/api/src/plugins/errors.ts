import {
  ERROR_CODES,
  ERROR_MESSAGES,
  errorCodeForStatus,
  type ErrorCode,
  type ErrorEnvelope,
  type FieldErrors,
} from '@ekispot/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../lib/database-unavailable.js';
import { isStorageFull } from '../lib/storage-full.js';
import { DependencyUnavailableError } from '../lib/dependency-unavailable.js';
import { HttpError } from '../lib/http-error.js';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function fieldErrorsFrom(issues: ValidationIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
    (fields[field] ??= []).push(issue.message ?? ERROR_MESSAGES.VALIDATION_FAILED);
  }
  return fields;
}

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  message: string = ERROR_MESSAGES[code],
  errors: FieldErrors | null = null,
) {
  const status = ERROR_CODES[code];
  const body: ErrorEnvelope = { data: null, message, status, success: false, code, errors };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Framework errors (body parser, multipart limits, …) mapped to our codes by their Fastify code. */
const FRAMEWORK_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

/**
 * The one error handler (docs/conventions.md#api-conventions): every failure leaves as the
 * envelope, validation failures as 422 with field errors, and no 5xx ever shows its internals.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
        return sendError(reply, error.code, error.message, error.fieldErrors);
      }
      if (error.validation) {
        return sendError(
          reply,
          'VALIDATION_FAILED',
          ERROR_MESSAGES.VALIDATION_FAILED,
          fieldErrorsFrom(error.validation),
        );
      }
      const mapped = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
      if (mapped) return sendError(reply, mapped);
      if (error.statusCode === 429) {
        return sendError(reply, 'RATE_LIMITED');
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        // A client error raised by a plugin: keep the status, show our Japanese text.
        request.log.info({ err: error }, 'client error');
        return sendError(reply, errorCodeForStatus(error.statusCode));
      }
      if (error instanceof DependencyUnavailableError) {
        request.log.error({ err: error.cause }, error.message);
        reply.header('retry-after', '5');
        return sendError(reply, 'SERVICE_UNAVAILABLE');
      }
      if (isStorageFull(error)) {
        request.log.error({ err: error }, 'storage full');
        reply.header('retry-after', '60');
        return sendError(reply, 'INSUFFICIENT_STORAGE');
      }
      if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error }, 'database unavailable');
        reply.header('retry-after', '5');
        return sendError(reply, 'SERVICE_UNAVAILABLE');
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, 'INTERNAL');
    });

    app.setNotFoundHandler((request, reply) => {
      request.log.info({ url: request.url }, 'route not found');
      return sendError(reply, 'NOT_FOUND');
    });
  },
  { name: 'errors' },
);
