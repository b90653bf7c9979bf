import {
  API_BASE_PATH,
  blockStateSchema,
  followStateSchema,
  muteStateSchema,
  privacyBodySchema,
  privacySchema,
  profileListPageSchema,
  profilePostPageSchema,
  profileSchema,
  profileStampPageSchema,
  profileStationPageSchema,
  successEnvelopeSchema,
  userDirectoryQuerySchema,
  userPageQuerySchema,
  userPageSchema,
  userParamsSchema,
} from '@ekispot/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import * as service from './users.service.js';

export type UsersRoutesDeps = service.UsersDeps;

const tags = ['users'];
const idempotent = 'Idempotent: repeating it changes nothing and answers the same state.';

/** Answers depend on who asks (relations, blocks, privacy): caches must not share them. */
function privateAnswer(reply: FastifyReply) {
  reply.header('Cache-Control', 'private, no-cache');
}

const REACTION_TABS = [
  { path: 'liked', summary: 'Posts the member liked, newest like first' },
  {
    path: 'want-to-participate-events',
    summary: 'Events the member wants to take part in (参加したい), newest first',
  },
  {
    path: 'want-to-visit-spots',
    summary: 'Spots the member wants to visit (行きたい), newest first',
  },
] as const;

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesDeps> = async (app, deps) => {
  const base = `${API_BASE_PATH}/users`;
  const userPageEnvelope = successEnvelopeSchema(userPageSchema);

  app.get(
    base,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'The member directory: most-followed first, or a name search with q',
        querystring: userDirectoryQuerySchema,
        response: { 200: userPageEnvelope, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const viewer = request.viewer;
      return envelope(await service.listDirectory(deps, viewer?.user.id ?? null, request.query));
    },
  );

  for (const kind of ['blocks', 'mutes'] as const) {
    app.get(
      `${base}/me/${kind}`,
      {
        config: { access: 'member' },
        schema: {
          tags,
          summary: kind === 'blocks' ? 'Members you blocked' : 'Members you muted',
          querystring: userPageQuerySchema,
          response: { 200: userPageEnvelope, ...errorResponses(401, 422) },
        },
      },
      async (request, reply) => {
        privateAnswer(reply);
        const { user } = request.member;
        return envelope(await service.listBlocksOrMutes(deps, kind, user.id, request.query));
      },
    );
  }

  app.put(
    `${base}/me/privacy`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Choose whether others see your liked and want tabs',
        body: privacyBodySchema,
        response: { 200: successEnvelopeSchema(privacySchema), ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const { user } = request.member;
      return envelope(await service.setPrivacy(deps, user.id, request.body));
    },
  );

  app.get(
    `${base}/:userId`,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: "A member's profile with counts and your relation to them",
        params: userParamsSchema,
        response: { 200: successEnvelopeSchema(profileSchema), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const viewer = request.viewer;
      return envelope(
        await service.getProfile(deps, request.params.userId, viewer?.user.id ?? null),
      );
    },
  );

  const tabSchema = <T extends z.ZodType>(summary: string, page: T) => ({
    tags,
    summary,
    params: userParamsSchema,
    querystring: userPageQuerySchema,
    response: { 200: successEnvelopeSchema(page), ...errorResponses(404, 422) },
  });

  app.get(
    `${base}/:userId/posts`,
    {
      config: { access: 'optional' },
      schema: tabSchema("The member's posts, newest first", profilePostPageSchema),
    },
    async (request, reply) => {
      privateAnswer(reply);
      const viewer = request.viewer;
      return envelope(
        await service.listUserPosts(
          deps,
          request.params.userId,
          viewer?.user.id ?? null,
          request.query,
        ),
      );
    },
  );

  for (const tab of REACTION_TABS) {
    app.get(
      `${base}/:userId/${tab.path}`,
      { config: { access: 'optional' }, schema: tabSchema(tab.summary, profilePostPageSchema) },
      async (request, reply) => {
        privateAnswer(reply);
        const viewer = request.viewer;
        return envelope(
          await service.listReactionTab(
            deps,
            request.params.userId,
            viewer?.user.id ?? null,
            tab.path,
            request.query,
          ),
        );
      },
    );
  }

  app.get(
    `${base}/:userId/want-to-visit-stations`,
    {
      config: { access: 'optional' },
      schema: tabSchema(
        'Stations the member wants to visit (行きたい駅), newest first',
        profileStationPageSchema,
      ),
    },
    async (request, reply) => {
      privateAnswer(reply);
      const viewer = request.viewer;
      return envelope(
        await service.listWantedStations(
          deps,
          request.params.userId,
          viewer?.user.id ?? null,
          request.query,
        ),
      );
    },
  );

  app.get(
    `${base}/:userId/lists`,
    {
      config: { access: 'optional' },
      schema: tabSchema("The member's lists, newest first", profileListPageSchema),
    },
    async (request, reply) => {
      privateAnswer(reply);
      const viewer = request.viewer;
      return envelope(
        await service.listUserLists(
          deps,
          request.params.userId,
          viewer?.user.id ?? null,
          request.query,
        ),
      );
    },
  );

  app.get(
    `${base}/:userId/stamps`,
    {
      config: { access: 'optional' },
      schema: tabSchema("The member's station stamps, newest first", profileStampPageSchema),
    },
    async (request, reply) => {
      privateAnswer(reply);
      const viewer = request.viewer;
      return envelope(
        await service.listUserStamps(
          deps,
          request.params.userId,
          viewer?.user.id ?? null,
          request.query,
        ),
      );
    },
  );

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
