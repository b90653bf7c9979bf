/** The moderation feature's query keys live with every key a write can change (lib/query-keys.ts). */
export { moderationKeys } from '../../../lib/query-keys';
