import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import { expect, it } from 'vitest';
import { apiLogin } from '../support/api-login.js';
import { baseUrl, describeInBrowser, open, useBrowser } from '../support/browser.js';
import { member, signIn } from '../support/members.js';
import { createPng } from '../support/png.js';

/**
 * The whole-account archive on a phone (docs/archive.md): a member with a photo post asks for
 * the archive in the settings, sees it being made, downloads it, and opens its index.html from
 * disk — with no server and no network — where the post and its photo are shown.
 */

const stamp = Date.now();

async function postPhotoSpot(title: string) {
  const { token } = await apiLogin(member('archiver'));
  const form = new FormData();
  form.set('kind', 'spot');
  form.set('title', title);
  form.set('lat', '35.6809');
  form.set('lng', '139.7665');
  form.set(
    'images[0]',
    new Blob([new Uint8Array(createPng(320, 240))], { type: 'image/png' }),
    'photo.png',
  );
  const created = await fetch(`${baseUrl}/api/v2/posts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (created.status !== 201) throw new Error(`post failed: ${created.status}`);
}

describeInBrowser('archive', () => {
  const browser = useBrowser({ viewport: { width: 390, height: 844 }, phone: true });

  it('asks for the archive, sees its progress, downloads it and reads it offline', async () => {
    const title = `駅前の古い喫茶店 ${stamp}`;
    await postPhotoSpot(title);
    const { page, problems } = await browser.newPage();
    await signIn(page, 'archiver');
    await open(page, '/settings/profile#archive');
    const section = page.getByRole('region', { name: 'データのダウンロードと取り込み' });
    await section.getByRole('button', { name: 'データをダウンロード' }).click();
    // Progress: waiting for the worker first (it looks every few seconds), then ready.
    await section.getByText(/アーカイブの作成を(待っています|しています)/).waitFor();
    const link = section.getByRole('link', { name: /ZIPをダウンロード/ });
    await link.waitFor({ timeout: 60_000 });
    expect(await section.getByRole('button', { name: 'データをダウンロード' }).isDisabled()).toBe(
      true,
    );
    // The page stays within the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    const download = page.waitForEvent('download');
    await link.click();
    const zipFile = await (await download).path();
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-archive-'));
    try {
      const files = unzipSync(new Uint8Array(await fs.readFile(zipFile)));
      for (const [name, bytes] of Object.entries(files)) {
        await fs.mkdir(path.dirname(path.join(folder, name)), { recursive: true });
        await fs.writeFile(path.join(folder, name), bytes);
      }
      expect(Object.keys(files)).toEqual(
        expect.arrayContaining(['archive.json', 'index.html', 'outbox.json']),
      );

      // Opened from disk, offline: the post and its photo are there, from the ZIP's own files.
      const { page: reader } = await browser.newPage();
      await reader.context().setOffline(true);
      await reader.goto(pathToFileURL(path.join(folder, 'index.html')).href);
      await reader.getByRole('heading', { level: 3, name: title }).waitFor();
      const photo = reader.getByRole('img', { name: `${title}の写真1` });
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      expect(await reader.evaluate(() => document.scripts.length)).toBe(0);
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
    expect(problems.filter((problem) => !problem.startsWith('Failed to load resource'))).toEqual(
      [],
    );
  });
});
