import type { Database } from '../../db/database.js';
import { afterCommit } from '../../lib/after-commit.js';
import type { DomainEvent } from '../../lib/domain-events.js';
import { forgetStationActivity } from './station-read-model-store.js';

/** The stations whose counts (posts, wants, stamps) an event changes. */
function groupsChangedBy(event: DomainEvent): readonly (number | null)[] {
  switch (event.type) {
    case 'posted':
    case 'post-removed':
    case 'station-wanted':
    case 'station-unwanted':
    case 'stamped':
      return [event.stationGroupId];
    case 'post-edited':
      return event.stationGroupIds;
    default:
      return [];
  }
}

/**
 * The station activity's subscriber to domain events (plugins/domain-events.ts): once a post,
 * a station want or a stamp has committed, the station page's counts forget what they kept,
 * so they include the write at once (they are otherwise kept a second,
 * docs/stations.md#read-model).
 */
export function forgetStationActivityOf(_tx: Database, event: DomainEvent): void {
  const groupIds = groupsChangedBy(event);
  if (groupIds.length > 0) afterCommit(({ db }) => forgetStationActivity(db, groupIds));
}
