import {
  API_BASE_PATH,
  profileListPageSchema,
  profilePostPageSchema,
  profileSchema,
  profileStampPageSchema,
  profileStationPageSchema,
  successEnvelopeSchema,
  userPageQuerySchema,
  userParamsSchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { privateAnswer, tags, type UsersRoutesDeps } from './user-routes-shared.js';
import * as service from './users.service.js';

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

const tabSchema = <T extends z.ZodType>(summary: string, page: T) => ({
  tags,
  summary,
  params: userParamsSchema,
  querystring: userPageQuerySchema,
  response: { 200: successEnvelopeSchema(page), ...errorResponses(404, 422) },
});

/** A member's profile and its tabs (docs/people.md#tab-privacy). */
export const profileRoutes: FastifyPluginAsyncZod<UsersRoutesDeps> = async (app, deps) => {
  await profileAndPostTabs(app, deps);
  await collectionTabs(app, deps);
};

/** The profile, and the tabs of posts: the member's own and those they reacted to. */
const profileAndPostTabs: FastifyPluginAsyncZod<UsersRoutesDeps> = async (app, deps) => {
  const base = `${API_BASE_PATH}/users`;

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
};

/** The tabs of what the member collects: stations to visit, lists, stamps. */
const collectionTabs: FastifyPluginAsyncZod<UsersRoutesDeps> = async (app, deps) => {
  const base = `${API_BASE_PATH}/users`;

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
};
