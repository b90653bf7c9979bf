import type { FastifyRequest } from 'fastify';
import type { CounterStore } from './counter-store.js';
import { HttpError } from './http-error.js';

/**
 * Limits counted per member **and** per client address (docs/security.md#limits-per-member-and-per-address).
 * `@fastify/rate-limit` counts before the session is read, so its key can only be the session
 * token or the IP: a new login is a new session and a fresh count. These limits run as a route's
 * `preHandler`, after the access hook has found the member (plugins/access.ts), and count the
 * member's id, which no login changes, and the address, which no new account changes. Both
 * counts live in the app's counters (Redis when configured, lib/counter-store.ts).
 */
export interface MemberLimit {
  /** Names the counters: `<name>:member:<id>` and `<name>:ip:<address>`. */
  name: string;
  perMember: number;
  perAddress: number;
  windowMs: number;
  /** The 429's Japanese message; the envelope's general one when absent. */
  message?: string;
}

/** The seconds to wait, as `Retry-After` says it: at least 1. */
export function retryAfterSeconds(waitMs: number): string {
  return String(Math.max(1, Math.ceil(waitMs / 1000)));
}

/**
 * Counts one request of `memberId` from `address`; past either limit, a 429 with
 * `Retry-After` (the longer wait of the two).
 */
export async function spendMemberLimit(
  counters: CounterStore,
  limit: MemberLimit,
  memberId: string,
  address: string,
): Promise<void> {
  const [byMember, byAddress] = await Promise.all([
    counters.hit(`${limit.name}:member:${memberId}`, limit.windowMs),
    counters.hit(`${limit.name}:ip:${address}`, limit.windowMs),
  ]);
  const waitMs = Math.max(
    byMember.count > limit.perMember ? Math.max(1, byMember.resetInMs) : 0,
    byAddress.count > limit.perAddress ? Math.max(1, byAddress.resetInMs) : 0,
  );
  if (waitMs > 0)
    throw new HttpError('RATE_LIMITED', limit.message, null, {
      'retry-after': retryAfterSeconds(waitMs),
    });
}

/** The limit as a `preHandler` of a `member` route. */
export function memberLimitHook(counters: CounterStore, limit: MemberLimit) {
  return async function limitMember(request: FastifyRequest): Promise<void> {
    await spendMemberLimit(counters, limit, request.member.user.id, request.ip);
  };
}
