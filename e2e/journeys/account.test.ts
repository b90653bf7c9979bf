import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { baseUrl, describeInBrowser, open, useBrowser } from '../support/browser.js';
import { waitForMailLink } from '../support/mailbox.js';
import { createPng } from '../support/png.js';
import { field, logIn } from '../support/accounts.js';

/**
 * A whole account life in the browser, with mail through a real SMTP server: register,
 * confirm the address from the mail, log in, edit the profile and avatar, change the
 * password and the address, log out, reset the password from the mail, log in again, and
 * leave.
 */

const email = `journey-${Date.now()}@example.jp`;
const newEmail = `journey-moved-${Date.now()}@example.jp`;
const firstPassword = 'first password 1';
const changedPassword = 'changed password 2';
const resetPassword = 'reset password 3';
const newName = '各駅停車の花子';

let imageDir = '';
let avatarFile = '';

beforeAll(async () => {
  imageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-e2e-avatar-'));
  avatarFile = path.join(imageDir, 'avatar.png');
  await fs.writeFile(avatarFile, createPng(96, 96));
});

afterAll(async () => {
  await fs.rm(imageDir, { recursive: true, force: true });
});

function accountButton(page: Page, name: string): Locator {
  return page.getByRole('button', { name: `アカウントメニュー（${name}さん）` });
}

async function imageLoaded(image: Locator): Promise<boolean> {
  return image.evaluate(
    (element) =>
      element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0,
  );
}

describeInBrowser('account life', () => {
  const browser = useBrowser();

  it('registers, confirms, edits, moves, resets the password, and leaves', async () => {
    const { page, problems } = await browser.newPage();

    // Register: the form turns into a 「check your mail」 note.
    await open(page, '/register');
    await page.getByRole('heading', { level: 1, name: '新規登録' }).waitFor();
    await field(page, 'ニックネーム').fill('駅スポ太郎');
    await field(page, 'メールアドレス').fill(email);
    await field(page, 'パスワード').fill(firstPassword);
    await field(page, 'パスワード（確認用）').fill(firstPassword);
    await page.getByRole('button', { name: '登録する' }).click();
    await page.getByRole('heading', { name: '確認メールを送信しました' }).waitFor();
    await page.getByText(`${email} 宛てに確認メールをお送りしました。`, { exact: false }).waitFor();

    // Confirm the address from the link in the mail.
    const verification = await waitForMailLink(email, '/verify-email/');
    expect(verification.mail.subject).toContain('メールアドレスの確認');
    expect(new URL(verification.link).origin).toBe(baseUrl);
    await page.goto(verification.link);
    // The page names the registration and asks before confirming anything.
    await page.getByRole('heading', { name: 'この登録に心当たりがありますか？' }).waitFor();
    await page.getByRole('button', { name: 'はい、登録を完了する' }).click();
    // Pressed in the browser that registered, 「はい」 signs the member in
    // (docs/accounts.md#signing-in-from-the-link): no second step to log in.
    await page
      .getByText('メールアドレスを確認しました。登録が完了し、ログインしました。')
      .waitFor();
    await page.getByRole('link', { name: 'さっそく使ってみる' }).click();
    await page.waitForURL(`${baseUrl}/`);

    // The server's HttpOnly cookie is kept, and the header shows the account.
    await accountButton(page, '駅スポ太郎').waitFor();
    const cookies = await page.context().cookies(baseUrl);
    const auth = cookies.find((cookie) => cookie.name === 'auth');
    expect(auth?.httpOnly).toBe(true);
    expect(auth?.secure).toBe(true);

    // Profile: name, bio and an avatar, with a preview before saving.
    await open(page, '/settings/profile');
    await page.getByRole('heading', { level: 1, name: 'アカウント設定' }).waitFor();
    const profile = page.getByRole('region', { name: 'プロフィール' });
    await field(profile, 'ニックネーム').fill(newName);
    await field(profile, '自己紹介').fill(
      '週末は各駅停車で、まだ降りたことのない駅を訪ねています。',
    );
    await profile.getByText('28 / 160文字').waitFor();
    await profile.getByLabel('プロフィール画像のファイル').setInputFiles(avatarFile);
    await profile.getByRole('img', { name: '選択した画像のプレビュー' }).waitFor();
    await profile.getByRole('button', { name: '保存する' }).click();
    await profile.getByText('プロフィールを更新しました。').waitFor();

    // The header menu shows the uploaded avatar (a real, decoded image) and the menu items.
    const menuButton = accountButton(page, newName);
    const headerAvatar = menuButton.getByRole('img', { name: `${newName}さんのプロフィール画像` });
    await headerAvatar.waitFor();
    await expect.poll(() => imageLoaded(headerAvatar), { timeout: 10_000 }).toBe(true);
    expect(await headerAvatar.getAttribute('src')).toMatch(
      /^\/api\/v2\/image\/[0-9a-f-]{36}\?size=thumb$/,
    );
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'アカウント設定' }).waitFor();
    await page.getByRole('menuitem', { name: 'ログアウト' }).waitFor();
    await page.keyboard.press('Escape');

    // The profile survives a reload (it came from the server, not from the form).
    await page.reload();
    await expect.poll(() => field(profile, 'ニックネーム').inputValue()).toBe(newName);

    // Change the password.
    const password = page.getByRole('region', { name: 'パスワードの変更' });
    await field(password, '現在のパスワード').fill(firstPassword);
    await field(password, '新しいパスワード').fill(changedPassword);
    await field(password, '新しいパスワード（確認用）').fill(changedPassword);
    await password.getByRole('button', { name: 'パスワードを変更する' }).click();
    await password.getByText('パスワードを変更しました。').waitFor();

    // Move to a new address: it changes only when the link mailed there is opened.
    const address = page.getByRole('region', { name: 'メールアドレスの変更' });
    await address.getByText(`現在のメールアドレス：${email}`).waitFor();
    await field(address, '新しいメールアドレス').fill(newEmail);
    await field(address, '現在のパスワード').fill(changedPassword);
    await address.getByRole('button', { name: '確認メールを送信する' }).click();
    await address
      .getByText('新しいメールアドレスに確認メールを送信しました。', { exact: false })
      .waitFor();
    const move = await waitForMailLink(newEmail, '/verify-new-email/');
    await page.goto(move.link);
    await page.getByText('メールアドレスを変更しました。').waitFor();
    await page.getByText(`現在のメールアドレス：${newEmail}`).waitFor();
    await page.getByRole('link', { name: 'アカウント設定へ' }).click();
    await page
      .getByRole('region', { name: 'メールアドレスの変更' })
      .getByText(`現在のメールアドレス：${newEmail}`)
      .waitFor();

    // Log out from the header menu.
    await accountButton(page, newName).click();
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByText('ログアウトしました。').waitFor();
    await page.getByRole('link', { name: 'ログイン' }).waitFor();

    // Forgot the password: reset it from the mailed link.
    await open(page, '/forgot');
    await field(page, 'メールアドレス').fill(newEmail);
    await page.getByRole('button', { name: '再設定メールを送信する' }).click();
    await page.getByText('パスワード再設定用のメールを送信しました', { exact: false }).waitFor();
    const reset = await waitForMailLink(newEmail, '/reset-password/');
    expect(reset.mail.subject).toContain('パスワード再設定');
    await page.goto(reset.link);
    await page.getByRole('heading', { level: 1, name: '新しいパスワードの設定' }).waitFor();
    await field(page, '新しいパスワード').fill(resetPassword);
    await field(page, '新しいパスワード（確認用）').fill(resetPassword);
    await page.getByRole('button', { name: 'パスワードを再設定する' }).click();
    await page.getByText('パスワードを再設定しました。', { exact: false }).waitFor();

    // Log in with the new password, coming back to the settings page it was sent from.
    await open(page, '/settings/profile');
    await page.waitForURL(/\/login\?redirect=%2Fsettings%2Fprofile$/);
    await field(page, 'メールアドレス').fill(newEmail);
    await field(page, 'パスワード').fill(resetPassword);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.waitForURL(`${baseUrl}/settings/profile`);
    await accountButton(page, newName).waitFor();

    // Leave: the warning, the password, the confirmation dialog; then signed out on the top page.
    await page.getByRole('link', { name: '退会の手続きへ進む' }).click();
    await page.getByRole('heading', { level: 1, name: '退会' }).waitFor();
    await page.getByText('退会すると、次のデータがすべて削除されます').waitFor();
    await field(page, 'パスワード').fill(resetPassword);
    await page.getByRole('button', { name: '退会する' }).click();
    const dialog = page.getByRole('dialog', { name: '本当に退会しますか？' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '退会する' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByText('退会しました。ご利用ありがとうございました。').waitFor();
    await page.getByRole('link', { name: 'ログイン' }).waitFor();

    // The account is gone: logging in again fails, said above the form; the address is not
    // marked as wrong, since the password may be what was mistyped.
    await logIn(page, newEmail, resetPassword);
    await page
      .getByRole('alert')
      .getByText('メールアドレスまたはパスワードが正しくありません。')
      .waitFor();
    expect(await field(page, 'メールアドレス').getAttribute('aria-invalid')).toBe('false');
    expect(new URL(page.url()).pathname).toBe('/login');

    expect(problems.filter((text) => /Content Security Policy|Refused/.test(text))).toEqual([]);
  });

  it('unsubscribes only when the button is pressed, and says when a link is invalid', async () => {
    const { page } = await browser.newPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v2/mail/unsubscribe/')) calls.push(request.method());
    });
    const token = 'a'.repeat(43);
    await open(page, `/unsubscribe/${token}`);
    await page.getByRole('heading', { level: 1, name: 'メール配信の停止' }).waitFor();
    const button = page.getByRole('button', { name: '配信を停止する' });
    await button.waitFor();
    // Opening the page (as a mail scanner does) changes nothing.
    expect(calls).toEqual([]);
    await button.click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').innerText()).toContain('この配信停止リンクは無効か');
    expect(calls).toEqual(['POST']);
  });
});
