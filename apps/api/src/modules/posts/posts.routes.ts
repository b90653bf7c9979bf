import {
  API_BASE_PATH,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGES_MAX,
  postCreateFieldsSchema,
  postListQuerySchema,
  postPageSchema,
  postParamsSchema,
  postSchema,
  postUpdateFieldsSchema,
  stationGroupParamsSchema,
  successEnvelopeSchema,
} from '@ekispot/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../lib/envelope.js';
import { sendWithEtag } from '../../lib/prepared-payload.js';
import {
  multipartValidatorCompiler,
  parseFields,
  readMultipart,
  type MultipartOptions,
} from '../../lib/multipart.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { IMAGE_MESSAGES } from '../images/images.service.js';
import { commentsRoutes } from './comments.routes.js';
import { photosOfCreate, photosOfUpdate } from './post-photos.js';
import { POST_MESSAGES as M } from './posts.messages.js';
// The member's word mutes fold or hide posts of a station (docs/search.md#word-mutes).
import { withWordMutes } from '../search/word-mutes.service.js';
import * as service from './posts.service.js';
import { reactionsRoutes } from './reactions.routes.js';
import type { PostsRoutesDeps } from './routes-deps.js';
import { postRateLimits } from './rate-limits.js';

const tags = ['posts'];

const uploads: MultipartOptions = {
  fileFields: ['images'],
  maxFiles: POST_IMAGES_MAX,
  maxFileBytes: POST_IMAGE_MAX_BYTES,
  fileTooLargeMessage: IMAGE_MESSAGES.tooLarge(POST_IMAGE_MAX_BYTES),
  tooManyFilesMessage: M.tooManyImages,
};

const photoFile = z.file().meta({ description: 'JPEG, PNG, WebP, GIF or AVIF, ≤ 20 MB' });
const photosDescription =
  `Sent as indexed keys images[0] … images[${POST_IMAGES_MAX - 1}] (taken in index order). ` +
  'Every photo is re-encoded as WebP and stripped of all metadata (EXIF, GPS).';

/** The forms as documented; the bodies themselves are read by `readMultipart`. */
const postCreateFormSchema = postCreateFieldsSchema.extend({
  images: z
    .array(photoFile)
    .max(POST_IMAGES_MAX)
    .optional()
    .meta({ description: photosDescription }),
});
const postUpdateFormSchema = postUpdateFieldsSchema.extend({
  images: z
    .array(z.union([photoFile, z.uuid()]))
    .max(POST_IMAGES_MAX)
    .optional()
    .meta({
      description: `${photosDescription} In an edit, a slot is a new file or the id of a current photo.`,
    }),
});
const postUpdateTextSchema = postUpdateFieldsSchema.omit({ images: true });

const postEnvelope = successEnvelopeSchema(postSchema);
const pageEnvelope = successEnvelopeSchema(postPageSchema);

/** Answers that depend on who asks (liked, wanted) must not be shared by caches. */
/** Answers that depend on the reader (liked, wanted): never shared, always revalidated. */
const PRIVATE_ANSWER = 'private, no-cache';

function privateAnswer(reply: FastifyReply) {
  reply.header('Cache-Control', PRIVATE_ANSWER);
}

export const postsRoutes: FastifyPluginAsyncZod<PostsRoutesDeps> = async (app, deps) => {
  const base = `${API_BASE_PATH}/posts`;

  app.get(
    base,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'Posts, newest first (cursor pagination), optionally filtered',
        querystring: postListQuerySchema,
        response: { 200: pageEnvelope, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      privateAnswer(reply);
      const viewer = request.viewer;
      return envelope(await service.listPosts(deps, viewer?.user.id ?? null, request.query));
    },
  );

  app.get(
    `${API_BASE_PATH}/stations/:stationGroupId/posts`,
    {
      config: { access: 'optional' },
      schema: {
        tags: [...tags, 'stations'],
        summary: 'Posts about one station group, newest first (cursor pagination)',
        params: stationGroupParamsSchema,
        querystring: postListQuerySchema.omit({ station_group_id: true }),
        response: { 200: pageEnvelope, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer;
      const viewerId = viewer?.user.id ?? null;
      const page = await withWordMutes(
        deps,
        viewerId,
        await service.listStationPosts(
          deps,
          request.params.stationGroupId,
          viewerId,
          request.query,
        ),
      );
      return sendWithEtag(request, reply, page, PRIVATE_ANSWER);
    },
  );

  app.post(
    base,
    {
      config: { access: 'member', rateLimit: postRateLimits.createPost },
      validatorCompiler: multipartValidatorCompiler,
      schema: {
        tags,
        summary: 'Create a spot, event or image post (multipart)',
        description:
          'multipart/form-data. spot: title and lat/lng in Japan; its nearest station group ' +
          'is linked automatically (a sent station_group_id is ignored). event: title, ' +
          'starts_at < ends_at, and a place: station_group_id, lat/lng, or parent_post_id ' +
          'of a spot. image: at least one photo, and station_group_id or parent_post_id of ' +
          'a spot or event. Only events have dates; lat and lng come together or not at all.',
        consumes: ['multipart/form-data'],
        body: postCreateFormSchema,
        response: { 201: postEnvelope, ...errorResponses(401, 403, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const session = request.member;
      const body = await readMultipart(request, { ...uploads, memberId: session.user.id });
      const fields = parseFields(postCreateFieldsSchema, body.fields);
      const photos = photosOfCreate(body.files);
      const post = await service.createPost(deps, session.user.id, fields, photos);
      return reply.status(201).send(envelope(post, M.created, 201));
    },
  );

  app.get(
    `${base}/:postId`,
    {
      config: { access: 'optional' },
      schema: {
        tags,
        summary: 'One post, with liked/wanted for the signed-in reader',
        params: postParamsSchema,
        response: { 200: postEnvelope, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer;
      const post = await service.getPost(deps, request.params.postId, viewer?.user.id ?? null);
      // Revalidated every time (counts move), answered 304 when nothing changed.
      return sendWithEtag(request, reply, post, PRIVATE_ANSWER);
    },
  );

  app.patch(
    `${base}/:postId`,
    {
      config: { access: 'member', rateLimit: postRateLimits.updatePost },
      validatorCompiler: multipartValidatorCompiler,
      schema: {
        tags,
        summary: 'Edit your post (multipart; only the fields sent change)',
        description:
          "multipart/form-data. A field sent empty ('') clears it. The kind's rules are " +
          'checked on the edited post. Photos: when any images[i] is sent, the photos become ' +
          'exactly that list, each slot a new file or the id of a current photo; ' +
          'images_cleared=true removes them all. Photos left out are deleted.',
        consumes: ['multipart/form-data'],
        params: postParamsSchema,
        body: postUpdateFormSchema,
        response: { 200: postEnvelope, ...errorResponses(401, 403, 404, 409, 413, 415, 422, 429) },
      },
    },
    async (request) => {
      const session = request.member;
      const body = await readMultipart(request, { ...uploads, memberId: session.user.id });
      const { images_cleared: cleared, ...fields } = parseFields(postUpdateTextSchema, body.fields);
      const photos = photosOfUpdate(body.fileFieldTexts, body.files, cleared === 'true');
      const post = await service.updatePost(
        deps,
        session.user.id,
        request.params.postId,
        fields,
        photos,
      );
      return envelope(post, M.updated);
    },
  );

  app.delete(
    `${base}/:postId`,
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: 'Delete your post, the posts attached to it, and all their photos',
        params: postParamsSchema,
        response: {
          200: successEnvelopeSchema(z.null()),
          ...errorResponses(401, 403, 404, 422),
        },
      },
    },
    async (request) => {
      const session = request.member;
      await service.deletePost(deps, session.user.id, request.params.postId);
      return envelope(null, M.deleted);
    },
  );

  await app.register(commentsRoutes, deps);
  await app.register(reactionsRoutes, deps);
};
