import fs from 'node:fs/promises';
import path from 'node:path';
import {
  API_BASE_PATH,
  ARCHIVE_IMPORT_MAX_BYTES,
  ARCHIVE_MESSAGES as M,
  archiveIdParamsSchema,
  archiveImportReportSchema,
  archiveJobSchema,
  archiveStatusSchema,
  successEnvelopeSchema,
} from '@ekispot/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requesterKey } from '../../lib/auth-token.js';
import { envelope } from '../../lib/envelope.js';
import { multipartValidatorCompiler, readMultipart } from '../../lib/multipart.js';
import type { PollingWorker } from '../../lib/polling-worker.js';
import { errorResponses } from '../../lib/route-schemas.js';
import * as service from './archive.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The archive worker (docs/archive.md#the-job): started when the app listens. */
    archives: { worker: PollingWorker<service.ArchiveDrain> };
  }
}

const tags = ['archive'];

const importLimit = {
  max: 10,
  timeWindow: 60 * 60_000,
  keyGenerator: (request: FastifyRequest) => `archive-import:${requesterKey(request)}`,
};

const importFormSchema = z.object({
  archive: z
    .file()
    .meta({ description: 'An Ekispot archive (ZIP) made by 「データをダウンロード」' }),
});

const routes: FastifyPluginAsyncZod<service.ArchiveDeps> = async (app, deps) => {
  app.get(
    `${API_BASE_PATH}/archives/current`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "The member's newest archive and its progress",
        response: { 200: successEnvelopeSchema(archiveStatusSchema), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return envelope(await service.getArchiveStatus(deps, request.member.user.id));
    },
  );

  app.post(
    `${API_BASE_PATH}/archives`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Ask for a whole-account archive (one a Japan day); made in the background',
        response: { 202: successEnvelopeSchema(archiveJobSchema), ...errorResponses(401, 429) },
      },
    },
    async (request, reply) => {
      const job = await service.requestArchive(deps, request.member.user.id);
      return reply.status(202).send(envelope(job, M.requested, 202));
    },
  );

  app.get(
    `${API_BASE_PATH}/archives/:archiveId/download`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "Download a ready archive (ZIP); the member's own only, 7 days",
        params: archiveIdParamsSchema,
        produces: ['application/zip'],
        response: {
          200: {
            description: 'The ZIP',
            content: { 'application/zip': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errorResponses(401, 404, 422),
        },
      },
    },
    async (request, rawReply) => {
      // The 200 body is bytes, outside the route's envelope schemas.
      const reply = rawReply as FastifyReply;
      const { stored, fileName } = await service.openArchiveDownload(
        deps,
        request.member.user.id,
        request.params.archiveId,
      );
      return reply
        .type('application/zip')
        .header('Content-Length', String(stored.size))
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(stored.stream);
    },
  );

  app.post(
    `${API_BASE_PATH}/archives/import`,
    {
      validatorCompiler: multipartValidatorCompiler,
      config: { access: 'member', rateLimit: importLimit },
      schema: {
        tags,
        summary:
          'Bring in an Ekispot archive: lists, posts with photos, stamps (記録のみ), settings',
        description:
          'multipart/form-data with the file `archive`. Checked whole before anything is written; ' +
          'importing the same archive again adds nothing. Follows are not made: the answer names ' +
          'the members whose names match, for the member to confirm one by one.',
        consumes: ['multipart/form-data'],
        body: importFormSchema,
        response: {
          200: successEnvelopeSchema(archiveImportReportSchema),
          ...errorResponses(401, 413, 415, 422, 429),
        },
      },
    },
    async (request) => {
      const userId = request.member.user.id;
      const body = await readMultipart(request, {
        memberId: userId,
        fileFields: ['archive'],
        maxFiles: 1,
        maxFileBytes: ARCHIVE_IMPORT_MAX_BYTES,
        fileTooLargeMessage: M.tooLarge,
      });
      const file = body.files.get('archive');
      if (!file) throw service.fileRequired();
      const report = await service.importArchive(deps, userId, file);
      return envelope(report, M.imported);
    },
  );
};

/** Archives for the whole app: the worker (started when the app listens) and the routes. */
export const archivePlugin = fp(
  async (
    parent: FastifyInstance,
    deps: service.ArchiveDeps & { dataDir: string; workerIntervalMs?: number },
  ) => {
    const app = parent.withTypeProvider<ZodTypeProvider>();
    // ZIPs a stopped process left half-written: one process runs per data folder, and a job it
    // was making is made again from the start by whoever takes it over.
    const tempRoot = path.join(deps.dataDir, 'archives-tmp');
    await fs.rm(tempRoot, { recursive: true, force: true }).catch(() => undefined);
    const worker = service.createArchiveWorker({
      db: deps.db,
      storage: deps.storage,
      publicUrl: deps.publicUrl,
      clock: deps.clock,
      tempDir: path.join(tempRoot, String(process.pid)),
      extensions: service.archiveExtensions(),
      log: app.log,
      intervalMs: deps.workerIntervalMs ?? 3_000,
    });
    app.decorate('archives', { worker });
    app.workers.add('archive worker', worker);
    await app.register(routes, {
      db: deps.db,
      storage: deps.storage,
      publicUrl: deps.publicUrl,
      clock: deps.clock,
    });
  },
  { name: 'archives' },
);
