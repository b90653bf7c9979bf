import type { CounterStore } from '../../lib/counter-store.js';
import type { PostsDeps } from './posts.service.js';

/**
 * What the posts, comments and reactions routes are built with (who is calling comes from
 * `request.member` / `request.viewer`, see plugins/access.ts).
 */
export type PostsRoutesDeps = PostsDeps & {
  /** The app's counters (Redis or memory), for the limits per member and per address. */
  counters: CounterStore;
};
