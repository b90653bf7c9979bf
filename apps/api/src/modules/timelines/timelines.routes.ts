import {
  API_BASE_PATH,
  NOTIFICATION_STREAM_HEARTBEAT_MS,
  postPageSchema,
  successEnvelopeSchema,
  timelineQuerySchema,
} from '@ekispot/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import type { TimelineReads } from '../posts/timeline.service.js';
import { envelope } from '../../lib/envelope.js';
import { openEventStream, replyWithStream, STREAMS_FULL_RETRY_S } from '../../lib/event-stream.js';
import { HttpError } from '../../lib/http-error.js';
import { createResponseCache, sendCached } from '../../lib/prepared-payload.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { NEW_POSTS_TOPIC } from '../notifications/notification-writes.service.js';
import { endWithSession } from '../notifications/notifications.service.js';
import { TIMELINE_MESSAGES as M } from './timelines.messages.js';
import { NEW_POST_EVENT_GAP_MS, timelineRateLimits } from './rate-limits.js';
import * as service from './timelines.service.js';
import { requireMember } from '../../lib/require-member.js';

export const timelinesRoutes: FastifyPluginAsyncZod<{
  db: Database;
  /** The timelines' reads, kept between writes (modules/posts/timeline.service.ts). */
  reads: TimelineReads;
  openStreamsMax: number;
  /** The clock word mutes expire by (docs/search.md#word-mutes). */
  clock?: () => Date;
}> = async (app, deps) => {
  const mutes = { db: deps.db, ...(deps.clock && { now: deps.clock }) };
  const visitorAnswers = createResponseCache(64);
  app.get(
    `${API_BASE_PATH}/timeline/posts`,
    {
      config: { access: 'optional' },
      schema: {
        tags: ['timelines'],
        summary:
          'Posts newest first: all, or (signed in) the own and followed members’ posts; kinds=spot,event',
        querystring: timelineQuerySchema,
        response: { 200: successEnvelopeSchema(postPageSchema), ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      // The follow timeline is for members: a visitor gets 401 (and a stale cookie is cleared).
      const viewer =
        request.query.scope === 'follow' ? requireMember(request, reply) : request.viewer;
      const viewerId = viewer?.user.id ?? null;
      const read = () => service.getPostTimeline(deps.reads, viewerId, request.query, mutes);
      // A visitor's first page is the same answer for every visitor until the next write:
      // serialised and compressed once (lib/prepared-payload.ts).
      const key = viewerId ? null : service.visitorPageKey(deps.reads, request.query);
      if (key)
        return sendCached(request, reply, {
          cache: visitorAnswers,
          key,
          data: read,
          cacheControl: 'private, no-cache',
        });
      reply.header('Cache-Control', 'private, no-cache');
      return envelope(await read());
    },
  );

  let openStreams = 0;
  app.get(
    `${API_BASE_PATH}/timeline/posts/stream`,
    {
      compress: false,
      // Open to visitors; one opened with a session ends with it (a logout, a suspension).
      config: { access: 'optional', requestTimeoutMs: false, rateLimit: timelineRateLimits.stream },
      schema: {
        tags: ['timelines'],
        summary:
          'Server-Sent Events: `post` whenever a post is published (at most one each 5 s), so an open timeline can offer newer posts',
        produces: ['text/event-stream'],
        response: {
          200: z.unknown().meta({ description: 'text/event-stream: post events' }),
          ...errorResponses(429, 503),
        },
      },
    },
    async (request, reply) => {
      if (openStreams >= deps.openStreamsMax)
        throw new HttpError('SERVICE_UNAVAILABLE', M.busy, null, {
          'retry-after': String(STREAMS_FULL_RETRY_S),
        });
      openStreams += 1;
      let unsubscribe = () => {};
      let unwatch = () => {};
      let timer: NodeJS.Timeout | null = null;
      let sentAt = 0;
      const stream = openEventStream(app, {
        heartbeatMs: NOTIFICATION_STREAM_HEARTBEAT_MS,
        onClose: () => {
          openStreams -= 1;
          unsubscribe();
          unwatch();
          if (timer) clearTimeout(timer);
        },
      });
      const announce = () => {
        timer = null;
        sentAt = Date.now();
        stream.send('post', {});
      };
      // A burst of posts is one event: each timeline then asks once for the newest post.
      const onPost = () => {
        if (timer) return;
        const wait = sentAt + NEW_POST_EVENT_GAP_MS - Date.now();
        if (wait <= 0) announce();
        else timer = setTimeout(announce, wait);
      };
      const viewer = request.viewer;
      if (!stream.closed) {
        unsubscribe = app.notifications.hub.subscribe(NEW_POSTS_TOPIC, onPost);
        if (viewer)
          unwatch = endWithSession({
            db: deps.db,
            hub: app.notifications.hub,
            userId: viewer.user.id,
            session: { id: viewer.sessionId, expiresAt: viewer.sessionExpiresAt },
            stream,
            onError: (error) =>
              request.log.warn({ err: error }, 'timeline stream: session check failed'),
          });
      }
      return replyWithStream(reply, stream);
    },
  );
};
