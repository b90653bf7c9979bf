import {
  API_BASE_PATH,
  privacyBodySchema,
  privacySchema,
  successEnvelopeSchema,
  userDirectoryQuerySchema,
  userPageQuerySchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { profileRoutes } from './profile.routes.js';
import { relationRoutes } from './relation.routes.js';
import {
  privateAnswer,
  tags,
  userPageEnvelope,
  type UsersRoutesDeps,
} from './user-routes-shared.js';
import * as service from './users.service.js';

export type { UsersRoutesDeps } from './user-routes-shared.js';

/**
 * The people API, one plugin per sub-resource (docs/people.md#endpoints): the directory and
 * your own settings here, a member's profile and its tabs in profile.routes.ts, follows, blocks
 * and mutes in relation.routes.ts.
 */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesDeps> = async (app, deps) => {
  await directoryRoutes(app, deps);
  await profileRoutes(app, deps);
  await relationRoutes(app, deps);
};

/** The member directory, and the signed-in member's own blocks, mutes and tab privacy. */
const directoryRoutes: FastifyPluginAsyncZod<UsersRoutesDeps> = async (app, deps) => {
  const base = `${API_BASE_PATH}/users`;

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
};
