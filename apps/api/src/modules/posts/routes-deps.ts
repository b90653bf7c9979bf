import type { PostsDeps } from './posts.service.js';

/**
 * What the posts, comments and reactions routes are built with (who is calling comes from
 * `app.auth`, see plugins/authentication.ts).
 */
export type PostsRoutesDeps = PostsDeps;
