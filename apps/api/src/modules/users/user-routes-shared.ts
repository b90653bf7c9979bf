import { successEnvelopeSchema, userPageSchema } from '@ekispot/shared';
import type { FastifyReply } from 'fastify';
import type * as service from './users.service.js';

/** What the people routes are given (app.ts). */
export type UsersRoutesDeps = service.UsersDeps;

export const tags = ['users'];

/** Answers depend on who asks (relations, blocks, privacy): caches must not share them. */
export function privateAnswer(reply: FastifyReply) {
  reply.header('Cache-Control', 'private, no-cache');
}

export const userPageEnvelope = successEnvelopeSchema(userPageSchema);
