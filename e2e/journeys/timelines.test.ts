import { it } from 'vitest';
import { describeInBrowser, open, useBrowser } from '../support/browser.js';
import { member } from '../support/members.js';
import { postSpotAs } from '../support/posts.js';

/**
 * The open post timeline hears of new posts live (docs/timelines.md#new-posts): a visitor reads
 * /timeline/post/all; a member posts; the 「新しい投稿があります」 pill appears without a reload
 * (long before the 30 s fallback would ask), and pressing it shows the new post at the top.
 */

const stamp = Date.now();

describeInBrowser('post timeline', () => {
  const browser = useBrowser();

  it('offers a new post to a visitor live, and shows it on pressing the pill', async () => {
    const author = member('timelineAuthor');
    const first = `朝の駅前 ${stamp}`;
    await postSpotAs(author, first);

    const { page } = await browser.newPage();
    // The page opens its live stream after it has drawn: a post made before the stream is open
    // is only found by the 30 s fallback, so the second post waits for the stream's answer.
    const streamOpen = page.waitForResponse((response) =>
      response.url().includes('/api/v2/timeline/posts/stream'),
    );
    await open(page, '/timeline/post/all');
    await page.getByRole('heading', { level: 1, name: '投稿のタイムライン' }).waitFor();
    await page
      .getByRole('link', { name: new RegExp(first) })
      .first()
      .waitFor();

    await streamOpen;
    const second = `夕方の駅前 ${stamp}`;
    await postSpotAs(author, second);
    const pill = page.getByRole('button', { name: '新しい投稿があります' });
    await pill.waitFor({ timeout: 15_000 });
    await pill.click();
    await page
      .getByRole('link', { name: new RegExp(second) })
      .first()
      .waitFor();
  });
});
