import {
  API_BASE_PATH,
  listItemCreateBodySchema,
  listItemParamsSchema,
  listItemUpdateBodySchema,
  listOrderBodySchema,
  listParamsSchema,
  LIST_ITEMS_MAX,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import {
  itemEnvelope,
  itemsEnvelope,
  nullEnvelope,
  privateAnswer,
  tags,
  writeLimit,
  type ListsRoutesDeps,
} from './list-routes-shared.js';
import { LIST_MESSAGES as M } from './lists.messages.js';
import * as service from './lists.service.js';

/** A list's items: the whole of them (read, add, order) and one item (note, removal). */
export const listItemRoutes: FastifyPluginAsyncZod<ListsRoutesDeps> = async (app, deps) => {
  await itemsRoutes(app, deps);
  await oneItemRoutes(app, deps);
};

/** The items of a list in order; adding one; the whole order at once. */
const itemsRoutes: FastifyPluginAsyncZod<ListsRoutesDeps> = async (app, deps) => {
  const base = `${API_BASE_PATH}/lists`;

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
};

/** One item: its note, its removal. */
const oneItemRoutes: FastifyPluginAsyncZod<ListsRoutesDeps> = async (app, deps) => {
  const base = `${API_BASE_PATH}/lists`;

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
};
