import { createHash } from 'node:crypto';
import { baseUrl } from './browser.js';

export interface ApiSession {
  token: string;
  user: { id: string };
}

/**
 * The address a member's API calls come from: one of their own per member, as separate people
 * would have (the server believes the journeys' X-Forwarded-For: e2e/support/global-setup.ts),
 * so the per-address login limit (30 in 15 min, docs/security.md) counts each member apart and
 * the journeys' many sign-ins never meet it together.
 */
export function addressOf(email: string): string {
  const digest = createHash('sha256').update(email).digest();
  return `127.0.${10 + (digest[0]! % 200)}.${1 + (digest[1]! % 250)}`;
}

/** A new session of the member through the API, as another client of theirs would open one. */
export async function apiLogin(member: { email: string; password: string }): Promise<ApiSession> {
  const response = await fetch(`${baseUrl}/api/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(member.email) },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });
  if (response.status !== 200)
    throw new Error(`login of ${member.email} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: ApiSession }).data;
}
