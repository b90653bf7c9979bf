/** The rankings' query keys live with every key a write can change (lib/query-keys.ts). */
export { rankingKeys } from '../../../lib/query-keys';
