import {
  API_BASE_PATH,
  followedTagsSchema,
  pageQuerySchema,
  postSearchQuerySchema,
  searchHitPageSchema,
  successEnvelopeSchema,
  tagParamsSchema,
  tagSummarySchema,
  trendingTagsSchema,
  wordMuteBodySchema,
  wordMuteListSchema,
  wordMuteParamsSchema,
  wordMuteSchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { searchRateLimits } from './rate-limits.js';
import { SEARCH_MESSAGES as M } from './search.messages.js';
import * as search from './search.service.js';
import * as tags from './tags.service.js';
import * as mutes from './word-mutes.service.js';

/** Post search, hashtags and word mutes (docs/search.md). */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Database; clock: () => Date }> = async (
  app,
  { db, clock },
) => {
  const deps = { db, now: clock };
  const base = API_BASE_PATH;

  app.get(
    `${base}/search/posts`,
    {
      config: { access: 'optional', rateLimit: searchRateLimits.search },
      schema: {
        tags: ['search'],
        summary:
          'Posts and comments holding every word (Japanese-aware; `#tag` words filter by tag), best first, then newest',
        querystring: postSearchQuerySchema,
        response: { 200: successEnvelopeSchema(searchHitPageSchema), ...errorResponses(422, 429) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-cache');
      return envelope(
        await search.searchPosts(deps, request.viewer?.user.id ?? null, request.query),
      );
    },
  );

  app.get(
    `${base}/tags/trending`,
    {
      config: { access: 'optional' },
      schema: {
        tags: ['search'],
        summary: 'いま話題のタグ: the tags the most distinct members used in the last 24 hours',
        response: { 200: successEnvelopeSchema(trendingTagsSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-cache');
      return envelope(await tags.getTrendingTags(deps, request.viewer?.user.id ?? null));
    },
  );

  app.get(
    `${base}/tags/followed`,
    {
      config: { access: 'member' },
      schema: {
        tags: ['search'],
        summary: 'The tags you follow',
        response: { 200: successEnvelopeSchema(followedTagsSchema), ...errorResponses(401) },
      },
    },
    async (request) => envelope(await tags.listFollowedTags(deps, request.member.user.id)),
  );

  app.get(
    `${base}/tags/:tag`,
    {
      config: { access: 'optional' },
      schema: {
        tags: ['search'],
        summary:
          'A tag: its name, how many posts and comments you may see carry it, and whether you follow it',
        params: tagParamsSchema,
        response: { 200: successEnvelopeSchema(tagSummarySchema), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-cache');
      const viewerId = request.viewer?.user.id ?? null;
      return envelope(await tags.getTagSummary(deps, request.params.tag, viewerId));
    },
  );

  app.get(
    `${base}/tags/:tag/posts`,
    {
      config: { access: 'optional' },
      schema: {
        tags: ['search'],
        summary: 'Posts and comments with the tag, newest first',
        params: tagParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: successEnvelopeSchema(searchHitPageSchema), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-cache');
      const viewerId = request.viewer?.user.id ?? null;
      return envelope(await tags.listTagPosts(deps, request.params.tag, viewerId, request.query));
    },
  );

  for (const [method, on] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: `${base}/tags/:tag/follow`,
      config: { access: 'member', rateLimit: searchRateLimits.write },
      schema: {
        tags: ['search'],
        summary: on
          ? 'Follow a tag: its posts join your following timeline'
          : 'Stop following a tag',
        params: tagParamsSchema,
        response: {
          200: successEnvelopeSchema(tagSummarySchema),
          ...errorResponses(401, 422, 429),
        },
      },
      handler: async (request) => {
        const summary = await tags.setTagFollow(
          deps,
          request.member.user.id,
          request.params.tag,
          on,
        );
        return envelope(summary, on ? M.tagFollowed : M.tagUnfollowed);
      },
    });
  }

  app.get(
    `${base}/word-mutes`,
    {
      config: { access: 'member' },
      schema: {
        tags: ['search'],
        summary: 'Your word mutes in force, oldest first (expired ones are gone)',
        response: { 200: successEnvelopeSchema(wordMuteListSchema), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return envelope({ items: await mutes.listWordMutes(deps, request.member.user.id) });
    },
  );

  app.post(
    `${base}/word-mutes`,
    {
      config: { access: 'member', rateLimit: searchRateLimits.write },
      schema: {
        tags: ['search'],
        summary:
          'Mute a word, phrase or #tag for 1h, 1d, 7d or until removed; hide or fold the posts holding it (muting it again replaces the mute)',
        body: wordMuteBodySchema,
        response: {
          201: successEnvelopeSchema(wordMuteSchema),
          ...errorResponses(401, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const mute = await mutes.addWordMute(deps, request.member.user.id, request.body);
      reply.status(201);
      return envelope(mute, M.wordMuted, 201);
    },
  );

  app.delete(
    `${base}/word-mutes/:wordMuteId`,
    {
      config: { access: 'member', rateLimit: searchRateLimits.write },
      schema: {
        tags: ['search'],
        summary: 'Remove one of your word mutes',
        params: wordMuteParamsSchema,
        response: {
          200: successEnvelopeSchema(z.null()),
          ...errorResponses(401, 404, 422, 429),
        },
      },
    },
    async (request) => {
      await mutes.removeWordMute(deps, request.member.user.id, request.params.wordMuteId);
      return envelope(null, M.wordMuteRemoved);
    },
  );
};
