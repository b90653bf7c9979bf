import { randomInt } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { baseUrl, open } from './browser.js';
import { waitForMailLink } from './mailbox.js';

/**
 * A field by its whole label, so 「パスワード」 is not 「パスワード（確認用）」; a required
 * field's label ends in MUI's 「 *」.
 */
export function field(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

export async function logIn(page: Page, address: string, password: string) {
  await open(page, '/login');
  await page.getByRole('heading', { level: 1, name: 'ログイン' }).waitFor();
  await field(page, 'メールアドレス').fill(address);
  await field(page, 'パスワード').fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/**
 * A confirmed member, made through the API and the real mail (the account journey covers
 * the screens): register, then open the link from the received verification mail.
 */
export async function createMember(name: string, email: string, password: string) {
  // Each member registers from a client of their own (a loopback address), as people do;
  // the browser's own requests come from 127.0.0.1.
  const client = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const response = await fetch(`${baseUrl}/api/v2/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ name, email, password, password_confirmation: password }),
  });
  if (response.status !== 201) throw new Error(`register failed: ${response.status}`);
  const { link } = await waitForMailLink(email, '/verify-email/');
  const token = new URL(link).pathname.split('/').pop();
  const verified = await fetch(`${baseUrl}/api/v2/auth/email/verify/${token}`);
  if (!verified.ok) throw new Error(`verify failed: ${verified.status}`);
  return { name, email, password };
}
