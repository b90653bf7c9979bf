import dns from 'node:dns/promises';
import {
  formatTimeOfDay,
  NOTIFICATION_TYPES,
  parseTimeOfDay,
  PUSH_QUIET_DEFAULTS,
  PUSH_SUBSCRIPTIONS_PER_MEMBER,
  PUSH_TYPE_DEFAULTS,
  type NotificationType,
  type PushPreferences,
  type PushSubscriptionBody,
  type PushSubscriptionResult,
} from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { notFound, validationFailed } from '../../lib/http-error.js';
import { checkEndpointUrl, isPublicAddress, type AddressPolicy } from '../../lib/public-address.js';
import { isUsableAuth, isUsableP256dh } from './push-keys.js';
import { PUSH_MESSAGES as M } from './push.messages.js';
import * as outbox from './push-outbox.repository.js';
import * as repository from './push.repository.js';

/** Push subscriptions and choices (docs/pwa.md#push). */

const USER_AGENT_MAX = 120;
/** A resolver that does not answer by then is taken as "does not resolve" (checked again at send). */
const LOOKUP_DEADLINE_MS = 3_000;

/**
 * Queues a push for each of these new notifications whose member has a device and wants the
 * type, in the transaction that wrote them (notifications.repository.ts `insertForRecipients`).
 */
export function queuePushes(db: Database, notificationIds: readonly string[]): Promise<void> {
  return outbox.queueDeliveries(db, notificationIds);
}

/**
 * Whether the endpoint may be called: its URL (lib/public-address.ts) and, when its name
 * resolves now, every address it resolves to. A name that does not resolve (in time) is taken
 * (a resolver may be down for a moment); the connection checks again at every send.
 */
async function isAcceptableEndpoint(endpoint: string, policy: AddressPolicy): Promise<boolean> {
  const checked = checkEndpointUrl(endpoint, policy);
  if (!checked.ok) return false;
  const host = checked.url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (policy.allowedTestHosts.includes(host)) return true;
  const addresses = await Promise.race([
    dns.lookup(host, { all: true }).catch(() => []),
    new Promise<[]>((resolve) => setTimeout(() => resolve([]), LOOKUP_DEADLINE_MS).unref()),
  ]);
  return addresses.every((entry) => isPublicAddress(entry.address));
}

/**
 * Stores this device's subscription for the member (the same endpoint again updates it, and
 * moves it from another member). Beyond the limit the member's oldest subscription goes.
 */
export async function subscribe(
  db: Database,
  policy: AddressPolicy,
  session: { userId: string; sessionId: string | null },
  body: PushSubscriptionBody,
  userAgent: string | undefined,
): Promise<PushSubscriptionResult> {
  const { userId, sessionId } = session;
  // The keys are imported as the sender will use them: a point off the curve is refused here,
  // not found out at every push (push-keys.ts).
  const keyErrors = {
    ...(!(await isUsableP256dh(body.keys.p256dh)) && { 'keys.p256dh': [M.p256dhUnusable] }),
    ...(!isUsableAuth(body.keys.auth) && { 'keys.auth': [M.authUnusable] }),
  };
  if (Object.keys(keyErrors).length > 0) throw validationFailed(keyErrors);
  if (!(await isAcceptableEndpoint(body.endpoint, policy)))
    throw validationFailed({ endpoint: [M.endpointRefused] });
  const count = await db.transaction(async (tx) => {
    await repository.upsertSubscription(tx, {
      userId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      expiresAt: body.expiration_time ? new Date(body.expiration_time) : null,
      userAgent: (userAgent ?? '').slice(0, USER_AGENT_MAX),
      sessionId,
    });
    return repository.trimSubscriptions(tx, userId, PUSH_SUBSCRIPTIONS_PER_MEMBER);
  });
  return { endpoint: body.endpoint, subscription_count: count };
}

/** Removes the member's own subscription of this endpoint; another member's is never touched. */
export async function unsubscribe(
  db: Database,
  userId: string,
  endpoint: string,
): Promise<PushSubscriptionResult> {
  if (!(await repository.deleteOwnSubscription(db, userId, endpoint)))
    throw notFound(M.notSubscribed);
  return { endpoint, subscription_count: await repository.countSubscriptions(db, userId) };
}

const isType = (value: string): value is NotificationType =>
  (NOTIFICATION_TYPES as readonly string[]).includes(value);

export async function getPreferences(db: Database, userId: string): Promise<PushPreferences> {
  const row = await repository.findPreferences(db, userId);
  return {
    push_types: row ? row.pushTypes.filter(isType) : [...PUSH_TYPE_DEFAULTS],
    quiet_hours: {
      enabled: row?.quietHoursEnabled ?? false,
      start: formatTimeOfDay(row?.quietStart ?? PUSH_QUIET_DEFAULTS.start),
      end: formatTimeOfDay(row?.quietEnd ?? PUSH_QUIET_DEFAULTS.end),
    },
  };
}

export async function savePreferences(
  db: Database,
  userId: string,
  preferences: PushPreferences,
): Promise<PushPreferences> {
  await repository.savePreferences(db, {
    userId,
    pushTypes: [...new Set(preferences.push_types)],
    quietHoursEnabled: preferences.quiet_hours.enabled,
    quietStart: parseTimeOfDay(preferences.quiet_hours.start),
    quietEnd: parseTimeOfDay(preferences.quiet_hours.end),
  });
  return getPreferences(db, userId);
}
