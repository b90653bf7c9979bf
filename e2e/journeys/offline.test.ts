import { it } from 'vitest';
import { describeInBrowser, open, useBrowser, waitUntilReady } from '../support/browser.js';
import { member, signIn } from '../support/members.js';
import { postSpotAs } from '../support/posts.js';

/**
 * Offline on a platform (docs/navigation.md#offline), in a browser without the service worker:
 * a banner says so, a page whose data has not loaded says so instead of an endless skeleton and
 * loads once back online, and a comment sent offline is shown as waiting and goes out when the
 * network returns. With the worker: pwa-offline.test.ts.
 */
describeInBrowser('offline', () => {
  const browser = useBrowser();

  it('says so, waits, and catches up when the network is back', async () => {
    const first = `改札の前 ${Date.now()}`;
    const second = `地下のホームで ${Date.now()}`;
    await postSpotAs(member('offlineMember'), first);
    const { postId } = await postSpotAs(member('offlineMember'), second);
    // Without the service worker, which would have every page's code and the pages it opened
    // (that is the PWA journey's part): here the app alone says what it lacks.
    const { page } = await browser.newPage({ serviceWorkers: 'block' });
    await signIn(page, 'offlineMember');
    // One post page opened while online: the app has the page's code, not the other's data.
    await open(page, '/timeline/post/all');
    await page.getByRole('link', { name: new RegExp(first) }).click();
    await page.getByRole('heading', { level: 1, name: first }).waitFor();
    await page.getByRole('link', { name: '戻る' }).click();
    await page.getByRole('link', { name: new RegExp(second) }).waitFor();

    await page.context().setOffline(true);
    await page.getByText('オフラインです。接続が戻ると最新の内容を表示します。').waitFor();
    await page.getByRole('link', { name: new RegExp(second) }).click();
    await page.getByRole('heading', { level: 1, name: 'オフラインです' }).waitFor();
    await page.context().setOffline(false);
    await page.getByRole('heading', { level: 1, name: second }).waitFor();
    await page.waitForURL(new RegExp(`/post/${postId}$`));

    // A page whose code has not loaded yet (a member's profile): it says so instead of the
    // browser's offline page, and loads once the network is back.
    await page.context().setOffline(true);
    await page
      .getByRole('link', { name: member('offlineMember').name })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'オフラインです' }).waitFor();
    await page.context().setOffline(false);
    await page.getByRole('heading', { level: 1, name: member('offlineMember').name }).waitFor();
    // The page was loaded anew: back once it is hydrated, as a person would after reading it (a
    // back pressed while it hydrates has React draw the page again, counted here as a problem).
    await waitUntilReady(page);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: second }).waitFor();

    // A comment sent offline waits, says so, and goes out once back online.
    const comment = page.getByRole('textbox', { name: 'コメント' });
    await comment.waitFor();
    await page.context().setOffline(true);
    await comment.fill('電波が戻ったら届きますように');
    await page.getByRole('button', { name: 'コメントする' }).click();
    await page.getByText('オフラインです。接続が戻ったら送信します。').waitFor();
    await page.context().setOffline(false);
    await page.getByRole('listitem').getByText('電波が戻ったら届きますように').waitFor();
    await page
      .getByText('オフラインです。接続が戻ったら送信します。')
      .waitFor({ state: 'detached' });
    await page.getByText('オフラインです。接続が戻ると最新の内容を表示します。').waitFor({
      state: 'detached',
    });
  });
});
