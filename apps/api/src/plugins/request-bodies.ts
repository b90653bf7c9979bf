import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { HttpError } from '../lib/http-error.js';
import { addRouteHook, isWriteRoute } from '../lib/route-hooks.js';
import { createUploadGate, type UploadGate } from '../lib/upload-gate.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files wait on disk while their request runs, and who may upload now. */
    uploads: { dir: string; gate: UploadGate };
  }
  interface FastifyRequest {
    /** Run once the answer has gone (or the client went away): temp files, upload places. */
    afterResponse: (() => unknown)[];
  }
}

export const BODY_MESSAGES = {
  notAnObject: 'リクエストの本文はJSONオブジェクトで送信してください。',
  jsonExpected: 'このリクエストはJSON（application/json）で送信してください。',
} as const;

/** Routes that read a multipart form declare it in their OpenAPI schema (`consumes`). */
function consumesMultipart(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null || !('consumes' in schema)) return false;
  const { consumes } = schema;
  return Array.isArray(consumes) && consumes.includes('multipart/form-data');
}

/** A JSON object: what a body must be before any of its fields is read. */
function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a route's body schema takes this value as the whole body: a route whose body may be
 * left out declares so (`.nullish()`). A schema that throws on it takes nothing.
 */
function takesWhole(schema: unknown, value: unknown): boolean {
  if (!(schema instanceof z.ZodType)) return false;
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
}

/**
 * What a request body may be (docs/security.md#input). A route that reads a JSON body gets one
 * JSON object, checked before its schema reads a field: no body, `null`, a number, a string or
 * an array is a 422 with one message, never a schema's refinement reading a field of `null` (a
 * 500). A route that reads no body ignores what was sent. Multipart goes only to routes that
 * read a form (415 elsewhere), and plain text to none. Anything else is 415 already (Fastify
 * has no parser for it).
 */
export const requestBodiesPlugin = fp(
  async (app: FastifyInstance, options: { uploadDir: string; uploadGate?: UploadGate }) => {
    // One folder per process, so instances sharing DATA_DIR never touch each other's files;
    // folders left by a crash are swept (modules/images/upload-sweep.ts).
    const dir = path.join(options.uploadDir, `${process.pid}-${randomUUID().slice(0, 8)}`);
    app.decorate('uploads', { dir, gate: options.uploadGate ?? createUploadGate() });
    app.decorateRequest('afterResponse', null as unknown as (() => unknown)[]);
    const finish = async (request: { afterResponse: (() => unknown)[] | null }) => {
      const tasks = request.afterResponse?.splice(0) ?? [];
      await Promise.allSettled(tasks.map(async (task) => task()));
    };
    // Only routes that take a body get these hooks; reads run none of them (lib/route-hooks.ts).
    app.addHook('onRoute', (route) => {
      if (!isWriteRoute(route)) return;
      addRouteHook(route, 'onRequest', async (request) => {
        request.afterResponse = [];
      });
      addRouteHook(route, 'onResponse', finish);
      addRouteHook(route, 'onRequestAbort', finish);
      addRouteHook(route, 'preValidation', async (request) => {
        if (request.isMultipart() && !consumesMultipart(request.routeOptions.schema))
          throw new HttpError('UNSUPPORTED_MEDIA_TYPE', BODY_MESSAGES.jsonExpected);
      });
      const bodySchema = route.schema?.body;
      // A form is read by `readMultipart`, which answers anything else with 415.
      if (bodySchema === undefined || consumesMultipart(route.schema)) return;
      addRouteHook(route, 'preValidation', async (request) => {
        // Fastify validates a missing body as `null`.
        const body = request.body ?? null;
        if (isJsonObject(body) || takesWhole(bodySchema, body)) return;
        throw new HttpError('VALIDATION_FAILED', BODY_MESSAGES.notAnObject);
      });
    });
    app.addHook('onClose', async () => {
      await fs.rm(dir, { recursive: true, force: true });
    });

    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser(['application/json', 'text/plain']);
    // Any JSON value; the route judges it (above). An empty body is no body, as without a type.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = String(body);
      if (text === '') return done(null, undefined);
      parseJson(request, text, done);
    });

    // Upload limits are set per route by `readMultipart`; these only bound the worst case.
    await app.register(multipart, {
      // Oversized files are reported as field errors by `readMultipart`, not thrown mid-stream.
      throwFileSizeLimit: false,
      limits: { fileSize: 20 * 1024 * 1024, files: 10, fields: 100, parts: 200 },
    });
  },
  { name: 'request-bodies' },
);
