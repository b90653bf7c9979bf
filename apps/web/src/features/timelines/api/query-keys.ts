/** The timelines' query keys live with every key a write can change (lib/query-keys.ts). */
export { timelineKeys } from '../../../lib/query-keys';
