import {
  API_BASE_PATH,
  successEnvelopeSchema,
  tokenParamsSchema,
  unsubscribeResultSchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.js';
import { envelope } from '../../lib/envelope.js';
import { errorResponses } from '../../lib/route-schemas.js';
import * as service from './unsubscribe.service.js';

export const mailRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // Mail clients' one-click button posts `List-Unsubscribe=One-Click` as a form (RFC 8058);
  // the token in the path is all that matters, so the form body is read and ignored.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, null),
  );

  app.post(
    `${API_BASE_PATH}/mail/unsubscribe/:token`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['mail'],
        summary: 'Stop notice mails (the unsubscribe page and mail clients’ one-click button)',
        description:
          'No sign-in: the token from the mail is the proof. Repeating it is harmless. ' +
          'Essential mails (account security) are always sent.',
        params: tokenParamsSchema,
        response: {
          200: successEnvelopeSchema(unsubscribeResultSchema),
          ...errorResponses(400, 422),
        },
      },
    },
    async (request) =>
      envelope(await service.unsubscribe(db, request.params.token), service.UNSUBSCRIBED),
  );
};
