import {
  ARCHIVE_MESSAGES as M,
  NOTIFICATION_TYPES,
  pushPreferencesSchema,
  type ArchiveDocument,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { HttpError } from '../../lib/http-error.js';
import * as notifications from '../notifications/notifications.service.js';
import * as push from '../push/push.service.js';
import { importCsv } from '../rides/ride-export.service.js';
import { FOLLOWED_TAGS_MAX, setTagFollow } from '../search/tags.service.js';
import * as writes from './archive-import.repository.js';
import { ZipReadError, type ZipFile } from './zip-reader.js';

/** The parts of an import that go through other modules' services (docs/archive.md#importing). */

const RIDES_CSV_MAX_BYTES = 20 * 1024 * 1024;

/** The settings, as far as they name things this instance knows. */
export async function importSettings(tx: Database, userId: string, document: ArchiveDocument) {
  const { settings } = document;
  const known = (types: string[]) =>
    types.filter((type): type is (typeof NOTIFICATION_TYPES)[number] =>
      (NOTIFICATION_TYPES as readonly string[]).includes(type),
    );
  await writes.updateAccountSettings(tx, userId, {
    mailOptIn: settings.mail_opt_in,
    actionsPublic: settings.actions_public,
  });
  await notifications.savePreferences(tx, userId, {
    mail_types: known(settings.notification_mail_types),
  });
  const pushPrefs = pushPreferencesSchema.safeParse({
    ...settings.push,
    push_types: known(settings.push.push_types),
  });
  if (pushPrefs.success) await push.savePreferences(tx, userId, pushPrefs.data);
  // Followed tags are choices too; a name this instance refuses is left out.
  for (const tag of (document.followed_tags ?? []).slice(0, FOLLOWED_TAGS_MAX)) {
    try {
      await setTagFollow({ db: tx }, userId, tag, true);
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
    }
  }
}

/** The archive's rides CSV, read and checked before anything is written; null when it has none. */
export async function readRidesCsv(
  zip: ZipFile,
  document: ArchiveDocument,
  refuse: (message: string) => HttpError,
): Promise<string | null> {
  const file = document.rides?.files.csv;
  if (!file || !zip.entries.has(file)) return null;
  try {
    return (await zip.read(file, RIDES_CSV_MAX_BYTES)).toString('utf8');
  } catch (error) {
    throw error instanceof ZipReadError ? refuse(M.truncated) : error;
  }
}

/**
 * The rides, through the rides' own CSV import (rows this instance's lines cannot place are
 * left out, as that import does), in the import's transaction.
 */
export async function importRides(
  deps: { db: Database; clock: () => Date },
  userId: string,
  csv: string,
): Promise<number> {
  return (await importCsv(deps, userId, csv, false)).imported;
}
