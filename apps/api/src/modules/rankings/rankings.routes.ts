import {
  API_BASE_PATH,
  rankingPageSchema,
  rankingQuerySchema,
  successEnvelopeSchema,
  type RankingBoard,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import * as service from './rankings.service.js';

const tags = ['rankings'];

const BOARDS: { path: string; board: RankingBoard; summary: string }[] = [
  {
    path: 'impact',
    board: 'impact',
    summary:
      '影響度数: likes ×1, wants ×2, comments ×3 (once per member and post) and new followers ×5 received in the period',
  },
  { path: 'posts', board: 'posts', summary: '投稿数: posts made in the period' },
];

export const rankingsRoutes: FastifyPluginAsyncZod<service.RankingsDeps> = async (app, deps) => {
  for (const { path, board, summary } of BOARDS) {
    app.get(
      `${API_BASE_PATH}/rankings/${path}`,
      {
        config: { access: 'optional' },
        schema: {
          tags,
          summary,
          description:
            'Weeks start on Monday 00:00 and months on the 1st, Japan time. Equal scores share a ' +
            'rank, the earlier achiever first. `me` is the signed-in member’s own row.',
          querystring: rankingQuerySchema,
          response: { 200: successEnvelopeSchema(rankingPageSchema), ...errorResponses(422) },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-cache');
        const viewer = request.viewer;
        return envelope(
          await service.getRanking(deps, board, viewer?.user.id ?? null, request.query),
        );
      },
    );
  }
};
