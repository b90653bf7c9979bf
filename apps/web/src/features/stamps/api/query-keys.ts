/** The stamps feature's query keys live with every key a write can change (lib/query-keys.ts). */
export { stampKeys } from '../../../lib/query-keys';
