import webpush from 'web-push';
import type { Database } from '../../db/database.js';
import type { VapidKeys } from './push-sender.js';
import * as repository from './push.repository.js';

/**
 * The VAPID key pair pushes are signed with (docs/pwa.md#vapid-keys): the configured one, or
 * the one kept in the database, made by whichever instance needs it first, so every instance
 * on the database signs alike and the browsers' subscriptions stay valid across restarts. Read
 * once per process; a failed read is tried again on the next call.
 */
export function createVapidKeySource(
  db: Database,
  configured: VapidKeys | null,
): () => Promise<VapidKeys> {
  if (configured) return () => Promise.resolve(configured);
  let loading: Promise<VapidKeys> | null = null;
  return () => {
    loading ??= repository.findOrStoreVapidKeys(db, webpush.generateVAPIDKeys()).catch((error) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
