import { expect, it } from 'vitest';
import { field } from '../support/accounts.js';
import { describeInBrowser, open, useBrowser } from '../support/browser.js';
import { member, signIn } from '../support/members.js';
import { postSpotAs } from '../support/posts.js';

/**
 * Notifications in two browsers: A watches the timeline; B likes and comments A's post; A's
 * bell counts up without a reload; A opens /notifications, sees the grouped items, and the
 * badge clears.
 */

const stamp = Date.now();

describeInBrowser('notifications', () => {
  const browser = useBrowser();

  it('tells A live of B’s like and comment, and clears the badge on /notifications', async () => {
    const [alice, bob] = [member('notifyA'), member('notifyB')];
    const title = `駅前の大きな時計 ${stamp}`;
    const { postId } = await postSpotAs(alice, title);

    // A reads the timeline: the post is there, and the bell has no badge.
    const { page: a, problems } = await browser.newPage();
    await signIn(a, 'notifyA');
    await open(a, '/timeline/post/all');
    await a.getByRole('heading', { level: 1, name: '投稿のタイムライン' }).waitFor();
    await a
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .waitFor();
    await a.getByRole('link', { name: '通知', exact: true }).waitFor();

    // B likes and comments A's post.
    const { page: b } = await browser.newPage();
    await signIn(b, 'notifyB');
    await open(b, `/post/${postId}`);
    await b.getByRole('heading', { level: 1, name: title }).waitFor();
    const like = b.getByRole('button', { name: /^いいね/ });
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await field(b, 'コメント').fill('この時計、いつも待ち合わせに使っています。');
    await b.getByRole('button', { name: 'コメントする' }).click();
    await b.getByRole('heading', { name: 'コメント（1件）' }).waitFor();

    // A's bell counts both, live, without a reload.
    const bell = a.getByRole('link', { name: '通知 2件の未読' });
    await bell.waitFor({ timeout: 15_000 });

    // A opens the notifications: the like and the comment, by name; the badge clears.
    await bell.click();
    await a.getByRole('heading', { level: 1, name: '通知' }).waitFor();
    await a.getByText(`${bob.name}さんがあなたの投稿にいいねしました`).waitFor();
    await a.getByText(`${bob.name}さんがあなたの投稿にコメントしました`).waitFor();
    await a.getByRole('link', { name: '通知', exact: true }).waitFor({ timeout: 15_000 });

    // The comment's item leads to the comment.
    await a.getByText(`${bob.name}さんがあなたの投稿にコメントしました`).click();
    await a.waitForURL((url) => url.pathname.startsWith(`/post/${postId}/comment/`));
    expect(problems).toEqual([]);
  });
});
