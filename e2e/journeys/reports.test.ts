import { expect, it } from 'vitest';
import { seriousAccessibilityProblems } from '../support/axe.js';
import { describeInBrowser, open, useBrowser } from '../support/browser.js';
import { member, signIn } from '../support/members.js';
import { postSpotAs } from '../support/posts.js';

/**
 * Reports in the browser (docs/moderation.md#screens): a member reports someone else's post
 * from its 「…」 menu with the keyboard, is thanked, and is told when reporting it again while
 * the first report is open. Who sees the item (not the author, not a visitor) is tested beside
 * the menus (post-detail.test.tsx, comments-section.test.tsx, profile-menu.test.tsx).
 */

const stamp = Date.now();

describeInBrowser('reports', () => {
  const browser = useBrowser();

  it('reports a post from its menu, once while open', async () => {
    const title = `駅前の宣伝 ${stamp}`;
    const { postId } = await postSpotAs(member('reportAuthor'), title);

    const { page, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(page, 'reporter');
    await open(page, `/post/${postId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();

    // The menu and its item by keyboard; focus lands in the dialog.
    const menuButton = page.getByRole('button', { name: 'この投稿のその他の操作' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: '報告する' }).waitFor();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'この投稿を報告' });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.evaluate((node) => node.contains(document.activeElement)))
      .toBe(true);

    // No reason: refused before sending.
    await dialog.getByRole('button', { name: '報告する' }).click();
    await dialog.getByText('理由を選んでください。').waitFor();
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('radio', { name: 'スパム' }).check();
    await dialog.getByRole('textbox', { name: '補足（任意）' }).fill('同じ宣伝が何駅にも');
    await dialog.getByText('9 / 1000文字').waitFor();
    await dialog.getByRole('button', { name: '報告する' }).click();
    await page.getByText('報告を受け付けました。ご協力ありがとうございます。').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => menuButton.evaluate((node) => node === document.activeElement))
      .toBe(true);

    // Again while the first is open: the API's 409 message, in the dialog.
    await menuButton.click();
    await page.getByRole('menuitem', { name: '報告する' }).click();
    await dialog.getByRole('radio', { name: 'その他' }).check();
    await dialog.getByRole('button', { name: '報告する' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'この投稿はすでに報告済みです。運営が確認するまでお待ちください。' })
      .waitFor();
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The 409 is logged by the browser as a failed load; no script error may be.
    expect(problems.filter((problem) => !problem.startsWith('Failed to load resource'))).toEqual(
      [],
    );
  });
});
