import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { baseUrl, describeInBrowser, moveInApp, open, useBrowser } from '../support/browser.js';
import { member, signIn } from '../support/members.js';
import type { MemberKey } from '../support/roster.js';
import { oneCharacterPerLine } from '../support/text-lines.js';
import { smallTouchTargets } from '../support/touch-targets.js';
import { apiLogin } from '../support/api-login.js';

/**
 * No page wider than the phone (docs/testing.md#layout): every route with content that could
 * push it wider — long titles, names, list titles, a comment holding a long URL — opened in a
 * phone's layout viewport at 320 and 390 px. A too-wide page widens that viewport on a phone,
 * so the check is the document's scroll width, not `innerWidth`. A tablet's and a desktop's
 * width are checked too, the desktop's by widening the tablet's window. At 320 px every page's
 * targets are also measured: nothing a finger presses is under 44 px either way
 * (`support/touch-targets.ts`). At every width, no text may stand one character per line
 * (`support/text-lines.ts`): the profile's header and counts, a private list's title beside
 * 「非公開」, and the map's search with its results for 東京 (「東京都」) are among the pages.
 */

const TITLE = '丸の内駅舎の南北ドーム天井（干支のレリーフ）';
const LATIN_TITLE = 'Marunouchi_Station_South_Dome_Ceiling_Zodiac_Reliefs_Photo_Walk_2026';
const LIST_TITLE = 'Tokyo_Station_Architecture_and_Dome_Ceilings_Walking_List_01';
const URL_COMMENT = `資料はこちら https://example.com/${'marunouchi-dome-'.repeat(12)}end`;
const PRIVATE_LIST_TITLE = '丸の内駅舎の南北ドーム天井と干支のレリーフを巡る自分だけの散歩リスト';
const TOKYO = 1130101;

/**
 * The map's search, showing its results for 東京: as wide as the screen allows (up to 440 px),
 * not as narrow as its box, and 「東京都」 on one line.
 */
async function searchTokyo(page: Page) {
  await page.getByRole('combobox', { name: /駅/ }).fill('東京');
  await page
    .getByRole('option', { name: /^東京.*東京都/ })
    .first()
    .waitFor();
  const { width, wanted, lines } = await page.getByRole('listbox').evaluate((list) => {
    let lines = 0;
    const walker = document.createTreeWalker(list, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node && lines === 0; node = walker.nextNode()) {
      const at = node.textContent?.indexOf('東京都') ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 3);
      lines = new Set(Array.from(range.getClientRects(), (box) => Math.round(box.top))).size;
    }
    const wanted = Math.min(window.innerWidth - 24, 440);
    return { width: list.getBoundingClientRect().width, wanted, lines };
  });
  expect(width).toBeGreaterThanOrEqual(wanted - 1);
  expect(lines, '「東京都」 on one line').toBe(1);
}

/**
 * The profile's five counts stand in even rows: as tall as one another (the linked ones are
 * 44 px targets on a touch screen), in at most two rows, neither of them a lone count.
 */
async function countsInRows(page: Page) {
  const tops = await page
    .locator('header ul')
    .first()
    .evaluate((list) =>
      Array.from(list.children, (item) => {
        const box = item.getBoundingClientRect();
        return { top: Math.round(box.top), height: Math.round(box.height) };
      }),
    );
  expect(tops).toHaveLength(5);
  expect(new Set(tops.map((item) => item.height)).size, 'counts of one height').toBe(1);
  const rows = new Map<number, number>();
  for (const { top } of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
  expect(rows.size, 'counts in one or two rows').toBeLessThanOrEqual(2);
  expect(Math.min(...rows.values()), 'no count alone on a row').toBeGreaterThan(1);
}

async function api(key: MemberKey) {
  const { email, password } = member(key);
  const { token, user } = await apiLogin({ email, password });
  const call = async (method: string, path: string, body?: object | FormData) => {
    const response = await fetch(`${baseUrl}/api/v2${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body && !(body instanceof FormData) && { 'content-type': 'application/json' }),
      },
      ...(body && { body: body instanceof FormData ? body : JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()).data as { id: string };
  };
  return { userId: user.id, call };
}

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

describeInBrowser('layout on a phone', () => {
  const browser = useBrowser();
  const pages: {
    path: string;
    shows?: string;
    as?: MemberKey;
    /** What to do on the page before it is measured. */
    act?: (page: Page) => Promise<void>;
  }[] = [];

  beforeAll(async () => {
    const author = await api('layoutAuthor');
    const guest = await api('layoutGuest');
    const spot = await author.call(
      'POST',
      '/posts',
      form({ kind: 'spot', title: TITLE, body: LATIN_TITLE, lat: '35.6809', lng: '139.7665' }),
    );
    const event = await author.call(
      'POST',
      '/posts',
      form({
        kind: 'event',
        title: LATIN_TITLE,
        station_group_id: String(TOKYO),
        starts_at: '2027-01-10T10:00:00+09:00',
        ends_at: '2027-01-10T12:00:00+09:00',
      }),
    );
    const comment = await guest.call('POST', `/posts/${spot.id}/comments`, { body: URL_COMMENT });
    await guest.call('POST', `/posts/${spot.id}/like`);
    await guest.call('POST', `/users/${author.userId}/follow`);
    const list = await author.call('POST', '/lists', {
      title: LIST_TITLE,
      description: URL_COMMENT,
    });
    await author.call('POST', `/lists/${list.id}/items`, {
      station_group_id: TOKYO,
      note: LATIN_TITLE,
    });
    await author.call('POST', `/lists/${list.id}/items`, { post_id: spot.id, note: '' });
    const privateList = await author.call('POST', '/lists', {
      title: PRIVATE_LIST_TITLE,
      is_public: false,
    });

    pages.push(
      { path: '/', act: searchTokyo },
      { path: '/timeline/post/all', shows: LATIN_TITLE },
      { path: '/timeline/list/all', shows: LIST_TITLE },
      { path: `/station/${TOKYO}`, shows: LATIN_TITLE },
      { path: `/post/${spot.id}`, shows: 'marunouchi-dome-' },
      { path: `/post/${spot.id}/comment/${comment.id}`, shows: 'marunouchi-dome-' },
      { path: `/post/${event.id}`, shows: LATIN_TITLE },
      { path: `/list/${list.id}`, shows: LIST_TITLE },
      { path: `/profile/${author.userId}/posts`, shows: TITLE, act: countsInRows },
      { path: `/profile/${author.userId}/lists`, shows: LIST_TITLE },
      { path: `/profile/${guest.userId}`, shows: member('layoutGuest').name },
      { path: `/users/${author.userId}/followers`, shows: member('layoutGuest').name },
      { path: '/users', shows: member('layoutGuest').name },
      { path: '/rankings/post' },
      { path: '/rankings/impact' },
      { path: '/search/station/random' },
      { path: '/notifications', shows: member('layoutGuest').name, as: 'layoutAuthor' },
      { path: `/list/${privateList.id}`, shows: PRIVATE_LIST_TITLE, as: 'layoutAuthor' },
      { path: `/profile/${author.userId}/lists`, shows: PRIVATE_LIST_TITLE, as: 'layoutAuthor' },
      { path: `/list/update/${list.id}`, as: 'layoutAuthor' },
      { path: `/post/update/${event.id}/event`, as: 'layoutAuthor' },
      { path: `/profile/${guest.userId}/action/liked`, shows: TITLE, as: 'layoutGuest' },
      { path: '/settings/profile', as: 'layoutGuest' },
      // The rest of the web app's pages, with what they show of the data above.
      { path: '/line/11302', shows: '東京' },
      { path: `/profile/${author.userId}/stamps` },
      { path: `/users/${guest.userId}/following` },
      { path: '/timeline/post/follow', shows: TITLE, as: 'layoutGuest' },
      { path: '/timeline/list/follow', shows: LIST_TITLE, as: 'layoutGuest' },
      { path: '/post/create/spot', as: 'layoutAuthor' },
      { path: '/post/create/event', as: 'layoutAuthor' },
      { path: `/post/create/image/${TOKYO}`, as: 'layoutAuthor' },
      { path: `/post/create/${spot.id}/event`, as: 'layoutAuthor' },
      { path: '/list/create', as: 'layoutAuthor' },
      { path: '/leave', as: 'layoutAuthor' },
      { path: '/login' },
      { path: '/register' },
      { path: '/forgot' },
      { path: '/privacy' },
      { path: '/service' },
      { path: '/no/such/page' },
    );
  });

  async function widthOf(
    page: Page,
    path: string,
    shows: string | undefined,
    fresh: boolean,
    act?: (page: Page) => Promise<void>,
  ) {
    if (fresh) await open(page, path);
    else await moveInApp(page, path);
    // The map page's heading is for screen readers; it is ready once the map is.
    if (path === '/') await page.locator('[data-map-ready="true"]').waitFor({ timeout: 45_000 });
    else await page.locator('h1').first().waitFor();
    if (shows) await page.getByText(shows, { exact: false }).first().waitFor();
    await act?.(page);
    return page.evaluate(() => document.scrollingElement!.scrollWidth);
  }

  /** The page's width once it has laid itself out again for a window of `width` px. */
  async function widthAfterResize(page: Page, width: number) {
    await page.waitForFunction((expected) => window.innerWidth === expected, width);
    // Two frames: resize observers (the tabs' scroll buttons, a map's canvas) run before the
    // next paint, and what they change is laid out by the one after.
    return page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve(document.scrollingElement!.scrollWidth)),
          ),
        ),
    );
  }

  /** What sticks out: the innermost elements reaching past the screen, to name in a failure. */
  function overflowing(page: Page, width: number) {
    return page.evaluate((limit) => {
      const past = Array.from(document.body.querySelectorAll('*')).filter(
        (element) => element.getBoundingClientRect().right > limit + 0.5,
      );
      return past
        .filter((element) => !past.some((other) => other !== element && element.contains(other)))
        .slice(0, 3)
        .map((element) => {
          const name = element.getAttribute('data-testid') ?? element.className.toString();
          return `<${element.tagName.toLowerCase()} ${name.slice(0, 60)}> ${element.textContent?.slice(0, 30) ?? ''}`;
        });
    }, width);
  }

  // At 320 px each page is opened afresh, drawn by the server, as from a shared link on the
  // narrowest phone; at 390 px and in the desktop browser the walk moves from page to page
  // inside the app, as a person does (each page still starts there: what it measures as it
  // starts — the profile's scrollable tabs, a map's canvas — is what must fit). A desktop
  // browser's window changes size: each page is shown at a tablet's 768 px, then its window
  // widened to 1280 px and measured again, which checks that the page follows a resize as well.
  for (const [widths, phone, fresh] of [
    [[320], true, true],
    [[390], true, false],
    [[768, 1280], false, false],
  ] as const) {
    it(`keeps every page within ${widths.join(' and ')} px (${phone ? 'phone' : 'desktop browser'})`, async () => {
      const opened = new Map<MemberKey | 'visitor', Page>();
      const wide: string[] = [];
      const small: string[] = [];
      const broken: string[] = [];
      const [first, ...resized] = widths;
      const height = phone ? 740 : 900;
      for (const { path, shows, as, act } of pages) {
        let page = opened.get(as ?? 'visitor');
        const firstOfPage = !page;
        if (!page) {
          page = (await browser.newPage({ viewport: { width: first, height }, phone })).page;
          if (as) await signIn(page, as);
          opened.set(as ?? 'visitor', page);
        } else await page.setViewportSize({ width: first, height });
        const scrollWidth = await widthOf(page, path, shows, fresh || firstOfPage, act);
        for (const text of await oneCharacterPerLine(page)) broken.push(`${path}: ${text}`);
        if (phone && first === 320)
          for (const target of await smallTouchTargets(page)) small.push(`${path}: ${target}`);
        if (scrollWidth > first)
          wide.push(`${path}: ${scrollWidth} px ${(await overflowing(page, first)).join(' | ')}`);
        for (const width of resized) {
          await page.setViewportSize({ width, height });
          const widened = await widthAfterResize(page, width);
          if (widened > width)
            wide.push(
              `${path} at ${width}: ${widened} px ${(await overflowing(page, width)).join(' | ')}`,
            );
          for (const text of await oneCharacterPerLine(page))
            broken.push(`${path} at ${width}: ${text}`);
        }
      }
      expect(wide).toEqual([]);
      expect(small, 'targets under 44 px on a touch screen').toEqual([]);
      expect(broken, 'texts one character per line').toEqual([]);
      // About thirty pages one after another: a bound for a busy machine (three times slower
      // than an idle one at times), not a measure of speed.
    }, 180_000);
  }
});
