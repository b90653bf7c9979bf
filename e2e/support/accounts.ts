import type { Locator, Page } from 'playwright-core';
import { open } from './browser.js';

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
