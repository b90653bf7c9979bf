import type { ArchiveDocument } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { exportCsv, rideSectionsGeoJson } from '../rides/ride-export.service.js';
import { listRidesForExport } from '../rides/rides.service.js';
import { listFollowedTags } from '../search/tags.service.js';
import { listWordMutes } from '../search/word-mutes.service.js';

/**
 * Sections other modules add to an archive (docs/archive.md#extending-the-archive): each reads
 * through its module's service and gives its files and its part of archive.json. A section
 * that is not there writes `null`, which a reader takes as "this instance has no such thing".
 */
export interface ArchiveExtras {
  /** Extra files, each at its path in the ZIP (`rides/rides.csv`…). */
  files: { name: string; body: string }[];
  rides: ArchiveDocument['rides'];
  followedTags: ArchiveDocument['followed_tags'];
  mutedWords: ArchiveDocument['muted_words'];
}

export interface ArchiveExtensions {
  read(db: Database, userId: string): Promise<ArchiveExtras>;
}

/** One section: what it adds to the extras. */
export type ArchiveSection = (db: Database, userId: string, extras: ArchiveExtras) => Promise<void>;

/**
 * The sections this instance writes. A module adds its own by adding a function here that
 * calls its service (rides: CSV and GeoJSON; search: followed tags and muted words).
 */
export const RIDES_CSV = 'rides/rides.csv';
export const RIDES_GEOJSON = 'rides/rides.geojson';

/** Rides (docs/rides.md): the CSV the rides import reads, the ridden sections as GeoJSON. */
const ridesSection: ArchiveSection = async (db, userId, extras) => {
  const rides = await listRidesForExport(db, userId);
  extras.rides = { files: { csv: RIDES_CSV, geojson: RIDES_GEOJSON }, items: rides };
  extras.files.push(
    { name: RIDES_CSV, body: await exportCsv(db, userId) },
    { name: RIDES_GEOJSON, body: JSON.stringify(await rideSectionsGeoJson(db, userId)) },
  );
};

/** Followed tags and the word mutes in force (modules/search): names and phrases only. */
const searchSection: ArchiveSection = async (db, userId, extras) => {
  const [tags, mutes] = await Promise.all([
    listFollowedTags({ db }, userId),
    listWordMutes({ db }, userId),
  ]);
  extras.followedTags = tags.items.map((tag) => tag.name);
  extras.mutedWords = mutes.map((mute) => mute.phrase);
};

export const ARCHIVE_SECTIONS: ArchiveSection[] = [ridesSection, searchSection];

export function archiveExtensions(
  sections: ArchiveSection[] = ARCHIVE_SECTIONS,
): ArchiveExtensions {
  return {
    async read(db, userId) {
      const extras: ArchiveExtras = {
        files: [],
        rides: null,
        followedTags: null,
        mutedWords: null,
      };
      for (const section of sections) await section(db, userId, extras);
      return extras;
    },
  };
}
