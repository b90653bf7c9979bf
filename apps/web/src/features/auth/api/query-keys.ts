/** The auth feature's query keys live with every key a write can change (lib/query-keys.ts). */
export { authKeys } from '../../../lib/query-keys';
