import {
  API_BASE_PATH,
  likeStateSchema,
  postParamsSchema,
  stationGroupParamsSchema,
  successEnvelopeSchema,
  wantStateSchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../lib/envelope.js';
import { memberLimitHook } from '../../lib/request-limits.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { POST_MESSAGES as M } from './posts.messages.js';
import { reactionLimit } from './rate-limits.js';
import type { PostsRoutesDeps } from './routes-deps.js';
import * as service from './reactions.service.js';

const tags = ['reactions'];
const likeEnvelope = successEnvelopeSchema(likeStateSchema);
const wantEnvelope = successEnvelopeSchema(wantStateSchema);
const idempotent = 'Idempotent: repeating it changes nothing and answers the same state.';

export const reactionsRoutes: FastifyPluginAsyncZod<PostsRoutesDeps> = async (
  app,
  { db, counters },
) => {
  const like = `${API_BASE_PATH}/posts/:postId/like`;
  const want = `${API_BASE_PATH}/posts/:postId/want`;
  const stationWant = `${API_BASE_PATH}/stations/:stationGroupId/want-to-visit`;

  app.get(
    stationWant,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'Whether you want to visit a station, and how many members do',
        description: 'Signed out, `wanted` is false.',
        params: stationGroupParamsSchema,
        response: { 200: wantEnvelope, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      const session = request.viewer;
      return envelope(
        await service.getStationWant(db, session?.user.id ?? null, request.params.stationGroupId),
      );
    },
  );

  // Before the idempotency claim (a route's own hooks run first): a refused request keeps no key.
  const limitReactions = memberLimitHook(counters, reactionLimit);
  const limited = `At most ${reactionLimit.perMember} reactions a minute per member and ${reactionLimit.perAddress} per client address, likes and wants together (429).`;

  // Each path twice: POST sets the state, DELETE clears it.
  for (const on of [true, false]) {
    app.route({
      method: on ? 'POST' : 'DELETE',
      url: like,
      preHandler: limitReactions,
      config: { access: 'member', idempotent: true },
      schema: {
        tags,
        summary: on ? 'Like a post' : 'Take back your like',
        description: `${idempotent} ${limited}`,
        params: postParamsSchema,
        response: { 200: likeEnvelope, ...errorResponses(401, 403, 404, 422, 429) },
      },
      handler: async (request) => {
        const session = request.member;
        const state = await service.setLike(db, session.user.id, request.params.postId, on);
        return envelope(state, on ? M.liked : M.unliked);
      },
    });

    app.route({
      method: on ? 'POST' : 'DELETE',
      url: want,
      preHandler: limitReactions,
      config: { access: 'member', idempotent: true },
      schema: {
        tags,
        summary: on
          ? 'Want to visit a spot (行きたい) or to join an event (参加したい)'
          : 'Take back your 行きたい / 参加したい',
        description: `${idempotent} Photo posts cannot be wanted (422). ${limited}`,
        params: postParamsSchema,
        response: { 200: wantEnvelope, ...errorResponses(401, 403, 404, 422, 429) },
      },
      handler: async (request) => {
        const session = request.member;
        const state = await service.setPostWant(db, session.user.id, request.params.postId, on);
        return envelope(state, on ? M.wanted : M.unwanted);
      },
    });

    app.route({
      method: on ? 'POST' : 'DELETE',
      url: stationWant,
      preHandler: limitReactions,
      config: { access: 'member', idempotent: true },
      schema: {
        tags: [...tags, 'stations'],
        summary: on
          ? 'Want to visit a station (行きたい駅)'
          : 'Take the station off your 行きたい駅',
        description: `${idempotent} want_count is the number of members who want to visit it. ${limited}`,
        params: stationGroupParamsSchema,
        response: { 200: wantEnvelope, ...errorResponses(401, 403, 404, 422, 429) },
      },
      handler: async (request) => {
        const session = request.member;
        const state = await service.setStationWant(
          db,
          session.user.id,
          request.params.stationGroupId,
          on,
        );
        return envelope(state, on ? M.wanted : M.unwanted);
      },
    });
  }
};
