import {
  listItemSchema,
  listItemsSchema,
  listPageSchema,
  listSchema,
  successEnvelopeSchema,
} from '@ekispot/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requesterKey } from '../../lib/auth-token.js';
import type * as service from './lists.service.js';

/** What the lists' route plugins are given (app.ts). */
export type ListsRoutesDeps = service.ListsDeps & {
  publicUrl: string;
  /** The write generation kept reads follow (lib/kept-values.ts). */
  generation: () => number;
};

export const tags = ['lists'];

/** Editing a list is many small writes (a drag is one); generous for people, short for scripts. */
export const writeLimit = {
  max: 600,
  timeWindow: 10 * 60_000,
  keyGenerator: (request: FastifyRequest) => `list-write:${requesterKey(request)}`,
};

/** Answers depend on who asks (private lists, blocks): caches must not share them. */
export function privateAnswer(reply: FastifyReply) {
  reply.header('Cache-Control', 'private, no-cache');
}

export const listEnvelope = successEnvelopeSchema(listSchema);
export const listPageEnvelope = successEnvelopeSchema(listPageSchema);
export const itemEnvelope = successEnvelopeSchema(listItemSchema);
export const itemsEnvelope = successEnvelopeSchema(listItemsSchema);
export const nullEnvelope = successEnvelopeSchema(z.null());
