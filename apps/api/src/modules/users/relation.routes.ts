import {
  API_BASE_PATH,
  blockStateSchema,
  followStateSchema,
  muteStateSchema,
  successEnvelopeSchema,
  userPageQuerySchema,
  userParamsSchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import {
  privateAnswer,
  tags,
  userPageEnvelope,
  type UsersRoutesDeps,
} from './user-routes-shared.js';
import * as service from './users.service.js';

const idempotent = 'Idempotent: repeating it changes nothing and answers the same state.';

/** Who follows whom, and following, blocking and muting a member (docs/people.md#blocks). */
export const relationRoutes: FastifyPluginAsyncZod<UsersRoutesDeps> = async (app, deps) => {
  const base = `${API_BASE_PATH}/users`;

  for (const side of ['followers', 'following'] as const) {
    app.get(
      `${base}/:userId/${side}`,
      {
        config: { access: 'optional' },
        schema: {
          tags,
          summary:
            side === 'followers'
              ? "The member's followers, newest first"
              : 'Members the member follows, newest first',
          params: userParamsSchema,
          querystring: userPageQuerySchema,
          response: { 200: userPageEnvelope, ...errorResponses(404, 422) },
        },
      },
      async (request, reply) => {
        privateAnswer(reply);
        const viewer = request.viewer;
        return envelope(
          await service.listFollows(
            deps,
            side,
            request.params.userId,
            viewer?.user.id ?? null,
            request.query,
          ),
        );
      },
    );
  }

  const writeSchema = <T extends z.ZodType>(summary: string, response: T) => ({
    tags,
    summary,
    description: idempotent,
    params: userParamsSchema,
    response: {
      200: successEnvelopeSchema(response),
      ...errorResponses(401, 403, 404, 422),
    },
  });

  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: `${base}/:userId/follow`,
      config: { access: 'member' },
      schema: writeSchema(on ? 'Follow a member' : 'Unfollow a member', followStateSchema),
      handler: async (request) => {
        const { user } = request.member;
        return envelope(await service.setFollow(deps, user.id, request.params.userId, on));
      },
    });
    app.route({
      method,
      url: `${base}/:userId/block`,
      config: { access: 'member' },
      schema: writeSchema(
        on ? 'Block a member (ends follows both ways)' : 'Unblock a member',
        blockStateSchema,
      ),
      handler: async (request) => {
        const { user } = request.member;
        return envelope(await service.setBlock(deps, user.id, request.params.userId, on));
      },
    });
    app.route({
      method,
      url: `${base}/:userId/mute`,
      config: { access: 'member' },
      schema: writeSchema(on ? 'Mute a member' : 'Unmute a member', muteStateSchema),
      handler: async (request) => {
        const { user } = request.member;
        return envelope(await service.setMute(deps, user.id, request.params.userId, on));
      },
    });
  }
};
