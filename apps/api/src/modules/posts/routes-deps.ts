import type { Authenticator } from '../auth/authenticate.js';
import type { PostsDeps } from './posts.service.js';

/** What the posts, comments and reactions routes are built with. */
export type PostsRoutesDeps = PostsDeps & { auth: Authenticator };
