import { expect, it } from 'vitest';
import {
  baseUrl,
  describeInBrowser,
  open,
  useBrowser,
  waitUntilReady,
} from '../support/browser.js';
import { member, signIn } from '../support/members.js';
import { postSpotAs } from '../support/posts.js';

/**
 * People in the browser: A and B join; B finds A in the directory, follows A from the
 * profile and sees A's posts and the counts change; A blocks B, after which B can no longer
 * like A's post; A unblocks B from the settings page, and B can.
 */

const stamp = Date.now();

describeInBrowser('people', () => {
  const browser = useBrowser();

  it('finds, follows, blocks and unblocks a member', async () => {
    const [alice, bob] = [member('peopleA'), member('peopleB')];
    const aliceName = alice.name;
    const spotTitle = `赤レンガの見える広場 ${stamp}`;
    const { postId, userId: aliceId } = await postSpotAs(alice, spotTitle);

    // B searches the directory; the search lands in the URL.
    const { page: b, problems } = await browser.newPage();
    await signIn(b, 'peopleB');
    await open(b, '/users');
    await b.getByRole('heading', { level: 1, name: 'ユーザー一覧' }).waitFor();
    await b.getByRole('searchbox', { name: 'ユーザーを検索' }).fill('スケッチの葵');
    await b.waitForURL((url) => url.searchParams.get('q') === 'スケッチの葵');
    await b.getByRole('link', { name: aliceName }).click();
    await b.waitForURL(`${baseUrl}/profile/${aliceId}/posts`);
    await b.getByRole('heading', { level: 1, name: aliceName }).waitFor();

    // The posts tab shows A's spot; following changes the count at once and for good.
    await b.getByRole('link', { name: spotTitle }).waitFor();
    const followers = b.getByRole('link', { name: /フォロワー/ });
    await expect.poll(() => followers.textContent()).toBe('0フォロワー');
    await b.getByRole('button', { name: `フォローする：${aliceName}さん` }).click();
    await b.getByRole('button', { name: new RegExp(`^フォロー中：${aliceName}さん`) }).waitFor();
    await expect.poll(() => followers.textContent()).toBe('1フォロワー');
    await b.reload();
    await expect.poll(() => followers.textContent()).toBe('1フォロワー');
    await followers.click();
    await b.waitForURL(`${baseUrl}/users/${aliceId}/followers`);
    await b.getByRole('link', { name: bob.name }).waitFor();

    // A blocks B from B's profile: the follow ends.
    const { page: a } = await browser.newPage();
    await signIn(a, 'peopleA');
    await open(a, `/users/${aliceId}/followers`);
    await a.getByRole('link', { name: bob.name }).click();
    await a.getByRole('heading', { level: 1, name: bob.name }).waitFor();
    await a.getByRole('button', { name: 'その他の操作' }).click();
    await a.getByRole('menuitem', { name: 'ブロック' }).click();
    await a.getByRole('button', { name: 'ブロックする' }).click();
    await a.getByText(`${bob.name}さんをブロックしました。`).waitFor();
    await a.getByText('このユーザーをブロックしています。投稿などは表示されません。').waitFor();

    // B can no longer like A's post: the like is refused with the reason and undone.
    await open(b, `/post/${postId}`);
    await b.getByRole('heading', { level: 1, name: spotTitle }).waitFor();
    const like = b.getByRole('button', { name: /いいね/ });
    await like.click();
    await b.getByText('この投稿の投稿者とはやり取りできないため、この操作はできません。').waitFor();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => like.textContent()).toMatch(/0/);

    // A unblocks B from the settings; then B's like goes through.
    await open(a, '/settings/profile');
    await a.getByRole('heading', { name: 'ブロック・ミュート中のユーザー' }).waitFor();
    await a.getByRole('button', { name: 'ブロックを解除' }).click();
    await a.getByText(`${bob.name}さんのブロックを解除しました。`).waitFor();
    await a.getByText('ブロック中のユーザーはいません。').waitFor();

    await b.reload();
    await waitUntilReady(b);
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => like.textContent()).toMatch(/1/);
    // Refused calls (the visitor's start-up 401, the blocked like's 403) are logged by the
    // browser as failed loads; no script error may be.
    expect(problems.filter((problem) => !problem.startsWith('Failed to load resource'))).toEqual(
      [],
    );
  });
});
