import { expect, it } from 'vitest';
import { seriousAccessibilityProblems } from '../support/axe.js';
import { baseUrl, describeInBrowser, open, useBrowser } from '../support/browser.js';
import { member, signIn } from '../support/members.js';
import { postSpotAs } from '../support/posts.js';
import { apiLogin } from '../support/api-login.js';

/**
 * Moderation in the browser (docs/moderation.md): a reported post waits in the moderators'
 * queue, a moderator hides it with a reason, and then it is gone for a visitor, the author sees
 * it with the notice, the reporter is told, and the audit log has the row. The area is the
 * plain 404 page to a member who is not a moderator, byte for byte as the server answers any
 * address that names nothing.
 */

const stamp = Date.now();

async function tokenOf(who: { email: string; password: string }): Promise<string> {
  return (await apiLogin(who)).token;
}

async function reportAs(who: { email: string; password: string }, postId: string) {
  const token = await tokenOf(who);
  const reported = await fetch(`${baseUrl}/api/v2/reports`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ target: { kind: 'post', id: postId }, reason: 'spam' }),
  });
  if (reported.status !== 201) throw new Error(`report failed: ${reported.status}`);
}

describeInBrowser('moderation', () => {
  const browser = useBrowser();

  it('a moderator hides a reported post: gone for others, noticed by its author, told to the reporter, logged', async () => {
    const title = `何駅にも貼られた宣伝 ${stamp}`;
    const { postId } = await postSpotAs(member('moderatedAuthor'), title);
    await reportAs(member('moderationReporter'), postId);

    // Not a moderator: the area does not exist.
    const { page: reporterPage, problems: reporterProblems } = await browser.newPage({
      viewport: { width: 390, height: 844 },
    });
    await signIn(reporterPage, 'moderationReporter');
    await open(reporterPage, '/moderation');
    await reporterPage.getByRole('heading', { name: 'ページが見つかりません' }).waitFor();

    const { page, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, 'moderator');
    await open(page, '/moderation');
    const card = page.getByRole('article', { name: title });
    await card.waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await card.getByRole('button', { name: '非表示にする' }).click();
    const dialog = page.getByRole('dialog', { name: '非表示にする' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: '理由' }).fill('同じ宣伝を何駅にも投稿しているため');
    await dialog.getByRole('button', { name: '非表示にする' }).click();
    await page.getByText('投稿について「非表示にする」を記録しました。').waitFor();
    await card.waitFor({ state: 'detached' });
    // The page fits the phone.
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await open(page, '/moderation/log');
    await page.getByText('同じ宣伝を何駅にも投稿しているため').waitFor();

    // A visitor: the post is not there.
    const { page: visitor } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await open(visitor, `/post/${postId}`);
    await visitor.getByRole('heading', { name: 'ページが見つかりません' }).waitFor();

    // Its author: still there, with the notice.
    const { page: authorPage } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(authorPage, 'moderatedAuthor');
    await open(authorPage, `/post/${postId}`);
    await authorPage.getByRole('heading', { level: 1, name: title }).waitFor();
    await authorPage
      .getByText('この投稿は運営により非表示にされています。あなた以外には表示されません。')
      .waitFor();

    // The reporter hears of the outcome.
    await open(reporterPage, '/notifications');
    await reporterPage
      .getByText('報告いただいた投稿について、運営チームが非表示にしました。', { exact: false })
      .first()
      .waitFor();

    // Drawn by the server as an unknown address and hydrated as one: no mismatch.
    for (const found of [problems, reporterProblems])
      expect(found.filter((problem) => !problem.startsWith('Failed to load resource'))).toEqual([]);
  });

  it('answers the area to anyone else exactly as an address that names nothing', async () => {
    const memberCookie = `auth=${await tokenOf(member('moderationReporter'))}`;
    const moderatorCookie = `auth=${await tokenOf(member('moderator'))}`;
    const answerOf = async (path: string, cookie?: string) => {
      const response = await fetch(`${baseUrl}${path}`, {
        headers: { 'accept-encoding': 'identity', ...(cookie && { cookie }) },
        redirect: 'manual',
      });
      const headers = [...response.headers]
        .filter(([name]) => !['date', 'etag', 'content-length', 'x-request-id'].includes(name))
        .map(([name, value]) => `${name}: ${value}`);
      // The address, as the page prints it and in its login link's redirect.
      const body = (await response.text())
        .replaceAll(path, '{path}')
        .replaceAll(encodeURIComponent(path), '{path}');
      return { status: response.status, headers, body };
    };
    for (const cookie of [undefined, memberCookie])
      for (const path of ['/moderation', '/moderation/log']) {
        const answer = await answerOf(path, cookie);
        expect(answer.status).toBe(404);
        expect(answer.body).toContain('Page not found: {path}');
        expect(answer).toEqual(await answerOf('/no-such-page', cookie));
      }
    const own = await answerOf('/moderation', moderatorCookie);
    expect(own.status).toBe(200);
    expect(own.body).not.toContain('Page not found');
  });
});
