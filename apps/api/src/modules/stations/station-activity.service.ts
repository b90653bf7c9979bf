import type { Database } from '../../db/database.js';
import { forgetStationActivity as forget } from './station-read-model-store.js';

/**
 * Once a post, a station want or a stamp has committed (modules/effects/effects.service.ts), the
 * station page's counts forget what they kept, so they include the write at once (they are
 * otherwise kept a second, docs/stations.md#read-model).
 */
export function forgetStationActivity(db: Database, groupIds: Iterable<number | null>): void {
  forget(db, groupIds);
}
