import {
  API_BASE_PATH,
  listContainingQuerySchema,
  listContainingSchema,
  listCreateBodySchema,
  listExportQuerySchema,
  listItemCreateBodySchema,
  listItemParamsSchema,
  listItemSchema,
  listItemsSchema,
  listItemUpdateBodySchema,
  listListQuerySchema,
  listOrderBodySchema,
  listPageSchema,
  listParamsSchema,
  listSchema,
  listTimelineQuerySchema,
  listUpdateBodySchema,
  LIST_ITEMS_MAX,
  successEnvelopeSchema,
} from '@ekispot/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requesterKey } from '../../lib/auth-token.js';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { LIST_MESSAGES as M } from './lists.messages.js';
import * as service from './lists.service.js';
import { requireMember } from '../../lib/require-member.js';

export type ListsRoutesDeps = service.ListsDeps & {
  publicUrl: string;
  /** The write generation kept reads follow (lib/kept-values.ts). */
  generation: () => number;
};

const tags = ['lists'];

/** Editing a list is many small writes (a drag is one); generous for people, short for scripts. */
const writeLimit = {
  max: 600,
  timeWindow: 10 * 60_000,
  keyGenerator: (request: FastifyRequest) => `list-write:${requesterKey(request)}`,
};

/** Answers depend on who asks (private lists, blocks): caches must not share them. */
function privateAnswer(reply: FastifyReply) {
  reply.header('Cache-Control', 'private, no-cache');
}

const listEnvelope = successEnvelopeSchema(listSchema);
const listPageEnvelope = successEnvelopeSchema(listPageSchema);
const itemEnvelope = successEnvelopeSchema(listItemSchema);
const itemsEnvelope = successEnvelopeSchema(listItemsSchema);
const nullEnvelope = successEnvelopeSchema(z.null());

export const listsRoutes: FastifyPluginAsyncZod<ListsRoutesDeps> = async (app, deps) => {
  const base = `${API_BASE_PATH}/lists`;
  const listTimeline = service.createListTimeline(deps);

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
        summary: 'Create a list (title 1–60 characters, description ≤ 1,000; 200 lists each)',
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

  app.get(
    `${base}/:listId/items`,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'Every item of a list in order, with its station or post, note and map position',
        description:
          'The owner gets every item. Anyone else misses the posts of members they blocked or ' +
          'muted; the remaining items keep their order and are numbered 1…n.',
        params: listParamsSchema,
        response: { 200: itemsEnvelope, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const viewer = request.viewer;
      return envelope(
        await service.listItems(deps, request.params.listId, viewer?.user.id ?? null),
      );
    },
  );

  app.post(
    `${base}/:listId/items`,
    {
      config: { access: 'member', rateLimit: writeLimit },
      schema: {
        tags,
        summary: 'Add a station group or a post at the end of your list (once each: 409)',
        description: `Give exactly one of station_group_id and post_id. At most ${LIST_ITEMS_MAX} items.`,
        params: listParamsSchema,
        body: listItemCreateBodySchema,
        response: { 201: itemEnvelope, ...errorResponses(401, 403, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const session = request.member;
      const item = await service.addItem(
        deps,
        session.user.id,
        request.params.listId,
        request.body,
      );
      return reply.status(201).send(envelope(item, M.itemAdded, 201));
    },
  );

  app.put(
    `${base}/:listId/items/order`,
    {
      config: { access: 'member', rateLimit: writeLimit },
      schema: {
        tags,
        summary: 'Set the whole order of your list',
        description:
          'item_ids must name every item of the list exactly once (422 otherwise, e.g. when ' +
          'an item was added or removed meanwhile). Answers the items in their new order.',
        params: listParamsSchema,
        body: listOrderBodySchema,
        response: { 200: itemsEnvelope, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const session = request.member;
      const items = await service.reorderItems(
        deps,
        session.user.id,
        request.params.listId,
        request.body.item_ids,
      );
      return envelope(items, M.reordered);
    },
  );

  app.patch(
    `${base}/:listId/items/:itemId`,
    {
      config: { access: 'member', rateLimit: writeLimit },
      schema: {
        tags,
        summary: "Change an item's note",
        params: listItemParamsSchema,
        body: listItemUpdateBodySchema,
        response: { 200: itemEnvelope, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const session = request.member;
      const { listId, itemId } = request.params;
      const item = await service.updateItem(
        deps,
        session.user.id,
        listId,
        itemId,
        request.body.note,
      );
      return envelope(item, M.itemUpdated);
    },
  );

  app.delete(
    `${base}/:listId/items/:itemId`,
    {
      config: { access: 'member', rateLimit: writeLimit },
      schema: {
        tags,
        summary: 'Remove an item from your list (the ones after it move up)',
        params: listItemParamsSchema,
        response: { 200: nullEnvelope, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const session = request.member;
      const { listId, itemId } = request.params;
      await service.removeItem(deps, session.user.id, listId, itemId);
      return envelope(null, M.itemRemoved);
    },
  );

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
