import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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

/**
 * What a request body may be. JSON routes take one JSON object (`null`, numbers, arrays are
 * 400); multipart goes only to routes that read a form (415 elsewhere), and plain text to
 * none. Anything else is 415 already (Fastify has no parser for it).
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
    });
    app.addHook('onClose', async () => {
      await fs.rm(dir, { recursive: true, force: true });
    });

    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser(['application/json', 'text/plain']);
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      parseJson(request, String(body), (error: Error | null, value?: unknown) => {
        if (error) return done(error, undefined);
        if (typeof value !== 'object' || value === null || Array.isArray(value))
          return done(new HttpError('BAD_REQUEST', BODY_MESSAGES.notAnObject), undefined);
        return done(null, value);
      });
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
