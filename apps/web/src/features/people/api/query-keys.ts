/** The people feature's query keys live with every key a write can change (lib/query-keys.ts). */
export { peopleKeys, type ProfileTab } from '../../../lib/query-keys';
