/** The posts feature's query keys live with every key a write can change (lib/query-keys.ts). */
export { postKeys, type PostListFilter } from '../../../lib/query-keys';
