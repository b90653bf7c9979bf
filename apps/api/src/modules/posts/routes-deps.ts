import type { PostsDeps } from './posts.service.js';

/**
 * What the posts, comments and reactions routes are built with (who is calling comes from
 * `request.member` / `request.viewer`, see plugins/access.ts).
 */
export type PostsRoutesDeps = PostsDeps;
