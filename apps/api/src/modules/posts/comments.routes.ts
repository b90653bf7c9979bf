import {
  API_BASE_PATH,
  commentBodySchema,
  commentPageSchema,
  commentParamsSchema,
  commentSchema,
  pageQuerySchema,
  postParamsSchema,
  successEnvelopeSchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import * as service from './comments.service.js';
import { POST_MESSAGES as M } from './posts.messages.js';
import type { PostsRoutesDeps } from './routes-deps.js';
import { postRateLimits } from './rate-limits.js';

const tags = ['comments'];
const commentEnvelope = successEnvelopeSchema(commentSchema);

export const commentsRoutes: FastifyPluginAsyncZod<PostsRoutesDeps> = async (
  app,
  { db, newcomerLimits },
) => {
  const base = `${API_BASE_PATH}/posts/:postId/comments`;

  app.get(
    base,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: "A post's comments, oldest first (cursor pagination)",
        params: postParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: successEnvelopeSchema(commentPageSchema), ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      // Leaves out what the viewer blocked or muted, so caches must not share it.
      reply.header('Cache-Control', 'private, no-cache');
      const viewer = request.viewer;
      return envelope(
        await service.listComments(db, request.params.postId, request.query, viewer?.user.id),
      );
    },
  );

  app.post(
    base,
    {
      config: { access: 'member', idempotent: true, rateLimit: postRateLimits.writeComment },
      schema: {
        tags,
        summary: 'Comment on a post',
        description:
          'With an `Idempotency-Key` header, a retry within a day answers the first answer again ' +
          'and posts nothing (`Idempotent-Replayed: true`).',
        params: postParamsSchema,
        body: commentBodySchema,
        response: { 201: commentEnvelope, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const session = request.member;
      const comment = await service.createComment(
        db,
        session.user.id,
        request.params.postId,
        request.body.body,
        newcomerLimits,
      );
      return reply.status(201).send(envelope(comment, M.commentCreated, 201));
    },
  );

  app.get(
    `${base}/:commentId`,
    {
      // Its author still sees a comment a moderator hid (docs/moderation.md#hidden-items).
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'One comment',
        params: commentParamsSchema,
        response: { 200: commentEnvelope, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-cache');
      const { postId, commentId } = request.params;
      return envelope(
        await service.getComment(db, postId, commentId, request.viewer?.user.id ?? null),
      );
    },
  );

  app.patch(
    `${base}/:commentId`,
    {
      config: { access: 'member', rateLimit: postRateLimits.writeComment },
      schema: {
        tags,
        summary: 'Edit your comment',
        params: commentParamsSchema,
        body: commentBodySchema,
        response: { 200: commentEnvelope, ...errorResponses(401, 403, 404, 422, 429) },
      },
    },
    async (request) => {
      const session = request.member;
      const { postId, commentId } = request.params;
      const comment = await service.updateComment(
        db,
        session.user.id,
        postId,
        commentId,
        request.body.body,
      );
      return envelope(comment, M.commentUpdated);
    },
  );

  app.delete(
    `${base}/:commentId`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Delete a comment: your own, or any on your post',
        params: commentParamsSchema,
        response: {
          200: successEnvelopeSchema(z.null()),
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (request) => {
      const session = request.member;
      const { postId, commentId } = request.params;
      await service.deleteComment(db, session.user.id, postId, commentId);
      return envelope(null, M.commentDeleted);
    },
  );
};
