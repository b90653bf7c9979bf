import type { CamelCased, Post } from '@ekispot/shared';

/** A post as the API client returns it (camelCased, spec §3). */
export type PostData = CamelCased<Post>;
