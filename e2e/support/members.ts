import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { MEMBERS, memberStatePath, type Member, type MemberKey } from './roster.js';

/** A seeded member (support/roster.ts): name, address and password. */
export function member(key: MemberKey): Member {
  return MEMBERS[key];
}

/**
 * Signs the page's browser context in as a seeded member (their saved session cookies). It
 * opens nothing: the journey goes where it means to, without a detour through the map.
 */
export async function signIn(page: Page, key: MemberKey): Promise<void> {
  const state = JSON.parse(
    await fs.readFile(memberStatePath(inject('memberStateDir'), key), 'utf8'),
  ) as { cookies: Parameters<ReturnType<Page['context']>['addCookies']>[0] };
  await page.context().addCookies(state.cookies);
}
