import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../apps/api/src/runtime.js';
import { writePgliteDataDir } from '../../apps/api/test/db-template.js';
import { freePort } from '../../apps/api/test/free-port.js';
import { field } from '../support/accounts.js';
import { describeInBrowser, useBrowser, waitUntilReady } from '../support/browser.js';
import { waitForMailLink } from '../support/mailbox.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';

/**
 * Passkeys in Chromium with its virtual authenticator (DevTools `WebAuthn.addVirtualAuthenticator`),
 * on a phone (390 px): a new member registers with a passkey only and confirms the mail, adds a
 * second passkey from the settings, logs out, logs in from the address field's passkey autofill,
 * and removes a passkey after confirming it is them. Browsers refuse an IP address as a relying
 * party, so this file starts its own server whose PUBLIC_URL is `http://localhost:<port>`
 * (docs/accounts.md#two-step-sign-in-and-passkeys); its mail goes to the journeys' mailbox.
 */

const root = path.resolve(import.meta.dirname, '../..');
const email = `passkey-${Date.now()}@example.jp`;
let server: ChildProcess | undefined;
let smtp: SmtpSink | undefined;
let dataDir = '';
let site = '';

beforeAll(async () => {
  if (!inject('chromiumPath')) return;
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-e2e-passkeys-'));
  await writePgliteDataDir(path.join(dataDir, 'pg'));
  smtp = await startSmtpSink(inject('mailDir'));
  const port = await freePort();
  site = `http://localhost:${port}`;
  server = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join(root, 'apps/api/dist/server.js')],
    {
      cwd: root,
      env: {
        ...process.env,
        ...SERVER_ENV,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: site,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        LOG_LEVEL: 'warn',
        MAP_TILE_URL: 'off',
        MAIL_POLL_INTERVAL_MS: '200',
        NOTIFICATION_POLL_INTERVAL_MS: '200',
      },
      stdio: 'ignore',
    },
  );
  const deadline = Date.now() + 90_000;
  for (;;) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/v2/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('no passkey server');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve));
  }
  await smtp?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

async function openSite(page: Page, to: string) {
  await page.goto(`${site}${to}`, { waitUntil: 'domcontentloaded' });
  await waitUntilReady(page);
}

describeInBrowser('passkeys', () => {
  const browser = useBrowser({ phone: true, viewport: { width: 390, height: 844 } });

  it('registers without a password, adds a passkey, logs in from the autofill, removes one', async () => {
    const { page } = await browser.newPage();
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('WebAuthn.enable', { enableUI: false });
    const addAuthenticator = async () =>
      (
        await devtools.send('WebAuthn.addVirtualAuthenticator', {
          options: {
            protocol: 'ctap2',
            transport: 'internal',
            hasResidentKey: true,
            hasUserVerification: true,
            isUserVerified: true,
            automaticPresenceSimulation: true,
          },
        })
      ).authenticatorId;
    const phone = await addAuthenticator();

    // A new member with a passkey only; the mail's link confirms it in this browser.
    await openSite(page, '/register');
    await field(page, 'ニックネーム').fill('パスキー派');
    await field(page, 'メールアドレス').fill(email);
    await page.getByRole('button', { name: 'パスキーで新規登録（パスワードなし）' }).click();
    await page.getByRole('heading', { name: '確認メールを送信しました' }).waitFor();
    const verification = await waitForMailLink(email, '/verify-email/');
    await page.goto(verification.link.replace(/^https?:\/\/[^/]+/, site));
    await page.getByRole('button', { name: 'はい、登録を完了する' }).click();
    await page
      .getByText('メールアドレスを確認しました。登録が完了し、ログインしました。')
      .waitFor();

    // Settings: confirm with the passkey, add a second one.
    await openSite(page, '/settings/profile');
    const security = page.getByRole('region', { name: 'パスキーと2段階認証' });
    await security.getByRole('button', { name: 'パスキーで確認する' }).click();
    await security.getByText('本人確認済みです。', { exact: false }).waitFor();
    // The second passkey lives on another device: an authenticator refuses a second passkey
    // for an account it holds one of (the options exclude it).
    await devtools.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: phone });
    await addAuthenticator();
    await field(security, 'パスキーの名前').fill('予備のキー');
    await security.getByRole('button', { name: 'パスキーを追加' }).click();
    await security.getByRole('button', { name: 'パスキー「予備のキー」を削除' }).waitFor();
    const devices = page.getByRole('region', { name: 'ログイン中の端末' });
    await devices.getByText('この端末').waitFor();

    // Log out, then sign in by picking the passkey in the address field's autofill.
    await page.getByRole('button', { name: /アカウントメニュー/ }).click();
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await page.getByRole('link', { name: 'ログイン' }).waitFor();
    await openSite(page, '/login');
    await field(page, 'メールアドレス').focus();
    await page.waitForURL(`${site}/`, { timeout: 15_000 });
    await page.getByRole('button', { name: 'アカウントメニュー（パスキー派さん）' }).waitFor();

    // A new session: removing the first passkey (its device is gone) asks who it is again.
    await openSite(page, '/settings/profile');
    const again = page.getByRole('region', { name: 'パスキーと2段階認証' });
    const remove = again.getByRole('button', { name: 'パスキー「パスキー」を削除' });
    expect(await remove.isDisabled()).toBe(true);
    await again.getByRole('button', { name: 'パスキーで確認する' }).click();
    await again.getByText('本人確認済みです。', { exact: false }).waitFor();
    await remove.click();
    await expect.poll(() => remove.count()).toBe(0);
    await again.getByRole('button', { name: 'パスキー「予備のキー」を削除' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
