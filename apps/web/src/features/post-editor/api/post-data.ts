import type { CamelCased, Post } from '@ekispot/shared';

/**
 * A post as the API client returns it (camelCased, docs/product-rules.md#calls-and-their-names).
 */
export type PostData = CamelCased<Post>;
