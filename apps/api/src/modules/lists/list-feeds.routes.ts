import {
  API_BASE_PATH,
  listExportQuerySchema,
  listParamsSchema,
  listTimelineQuerySchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../lib/envelope.js';
import { requireMember } from '../../lib/require-member.js';
import { errorResponses } from '../../lib/route-schemas.js';
import {
  listPageEnvelope,
  privateAnswer,
  tags,
  type ListsRoutesDeps,
} from './list-routes-shared.js';
import * as service from './lists.service.js';

/** What leaves a list for elsewhere: its file export, and the public lists' timelines. */
export const listFeedRoutes: FastifyPluginAsyncZod<ListsRoutesDeps> = async (app, deps) => {
  const base = `${API_BASE_PATH}/lists`;
  const listTimeline = service.createListTimeline(deps);
  app.get(
    `${base}/:listId/export`,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'Download a list as GeoJSON or GPX, to open in other map apps',
        params: listParamsSchema,
        querystring: listExportQuerySchema,
        produces: ['application/geo+json', 'application/gpx+xml'],
        response: { 200: z.string(), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const viewer = request.viewer;
      const file = await service.exportListFile(
        deps,
        request.params.listId,
        viewer?.user.id ?? null,
        request.query.format,
      );
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );

  app.get(
    `${API_BASE_PATH}/timeline/lists`,
    {
      config: { access: 'optional' },
      schema: {
        tags: [...tags, 'timelines'],
        summary: 'Public lists by most recent update: everyone (all) or followed members (follow)',
        description:
          'scope=follow needs sign-in (401). Lists of members the reader blocked or muted, or ' +
          'who blocked the reader, never appear.',
        querystring: listTimelineQuerySchema,
        response: { 200: listPageEnvelope, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const { scope, ...page } = request.query;
      const viewer = scope === 'follow' ? requireMember(request, reply) : request.viewer;
      return envelope(await listTimeline(viewer?.user.id ?? null, scope, page));
    },
  );
};
