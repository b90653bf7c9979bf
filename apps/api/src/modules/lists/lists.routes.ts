import {
  API_BASE_PATH,
  listContainingQuerySchema,
  listContainingSchema,
  listCreateBodySchema,
  listListQuerySchema,
  listParamsSchema,
  listUpdateBodySchema,
  LIST_DESCRIPTION_MAX,
  LIST_TITLE_MAX,
  LISTS_PER_MEMBER_MAX,
  successEnvelopeSchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { listFeedRoutes } from './list-feeds.routes.js';
import { listItemRoutes } from './list-items.routes.js';
import {
  listEnvelope,
  listPageEnvelope,
  nullEnvelope,
  privateAnswer,
  tags,
  writeLimit,
  type ListsRoutesDeps,
} from './list-routes-shared.js';
import { LIST_MESSAGES as M } from './lists.messages.js';
import * as service from './lists.service.js';

export type { ListsRoutesDeps } from './list-routes-shared.js';

/**
 * The lists API, one plugin per sub-resource (docs/lists.md#endpoints): a member's own lists
 * here, one list's items in list-items.routes.ts, its export and the list timelines in
 * list-feeds.routes.ts.
 */
export const listsRoutes: FastifyPluginAsyncZod<ListsRoutesDeps> = async (app, deps) => {
  await ownListsRoutes(app, deps);
  await oneListRoutes(app, deps);
  await listItemRoutes(app, deps);
  await listFeedRoutes(app, deps);
};

/** The member's own lists: read them, create one, find those holding a station or post. */
const ownListsRoutes: FastifyPluginAsyncZod<ListsRoutesDeps> = async (app, deps) => {
  const base = `${API_BASE_PATH}/lists`;

  app.get(
    base,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Your own lists, private ones included, most recently updated first',
        querystring: listListQuerySchema,
        response: { 200: listPageEnvelope, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const session = request.member;
      return envelope(await service.listOwnLists(deps, session.user.id, request.query));
    },
  );

  app.post(
    base,
    {
      config: { access: 'member', rateLimit: writeLimit },
      schema: {
        tags,
        summary: `Create a list (title 1–${LIST_TITLE_MAX} characters, description ≤ ${LIST_DESCRIPTION_MAX.toLocaleString('en-US')}; ${LISTS_PER_MEMBER_MAX} lists each)`,
        body: listCreateBodySchema,
        response: { 201: listEnvelope, ...errorResponses(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const session = request.member;
      const list = await service.createList(deps, session.user.id, request.body);
      return reply.status(201).send(envelope(list, M.created, 201));
    },
  );

  app.get(
    `${base}/containing`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Your lists, each with the item holding a station group or post (or null)',
        description:
          'For the 「リストに追加」 menu. Give exactly one of station_group_id and post_id.',
        querystring: listContainingQuerySchema,
        response: { 200: successEnvelopeSchema(listContainingSchema), ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const session = request.member;
      return envelope(await service.listContaining(deps, session.user.id, request.query));
    },
  );
};

/** One list: read, change, delete. */
const oneListRoutes: FastifyPluginAsyncZod<ListsRoutesDeps> = async (app, deps) => {
  const base = `${API_BASE_PATH}/lists`;

  app.get(
    `${base}/:listId`,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'One list (a private list is 404 for anyone but its owner)',
        params: listParamsSchema,
        response: { 200: listEnvelope, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const viewer = request.viewer;
      return envelope(await service.getList(deps, request.params.listId, viewer?.user.id ?? null));
    },
  );

  app.patch(
    `${base}/:listId`,
    {
      config: { access: 'member', rateLimit: writeLimit },
      schema: {
        tags,
        summary: 'Change the title, description or visibility of your list',
        params: listParamsSchema,
        body: listUpdateBodySchema,
        response: { 200: listEnvelope, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const session = request.member;
      const list = await service.updateList(
        deps,
        session.user.id,
        request.params.listId,
        request.body,
      );
      return envelope(list, M.updated);
    },
  );

  app.delete(
    `${base}/:listId`,
    {
      config: { access: 'member', rateLimit: writeLimit },
      schema: {
        tags,
        summary: 'Delete your list with its items (the stations and posts stay)',
        params: listParamsSchema,
        response: { 200: nullEnvelope, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const session = request.member;
      await service.deleteList(deps, session.user.id, request.params.listId);
      return envelope(null, M.deleted);
    },
  );
};
