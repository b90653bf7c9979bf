import { WEB_ROUTE_PATTERNS } from '@ekispot/shared';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { baseUrl, describeInBrowser, open, useBrowser } from '../support/browser.js';
import {
  ALLOWED_WORDS,
  latinWords,
  pageTexts,
  readableText,
  watchMemberWords,
} from '../support/latin-words.js';
import { member, signIn } from '../support/members.js';
import { apiLogin } from '../support/api-login.js';

/**
 * No English on any page (docs/testing.md#japanese-text): every route of the web app's address
 * space (WEB_ROUTE_PATTERNS, which the route table must match) is read, by a visitor at 390 px
 * and by a member who is a moderator at 1280 px, and no Latin word may be left that is not what
 * a member wrote, a name from the station data, one of the specification's fixed English texts
 * or a word of the small allowlist in support/latin-words.ts. The first page is loaded, the rest
 * reached inside the app (docs/testing.md#page-walks).
 */

/** Pages a visitor is turned away from, or a member is (guest only). */
const MEMBERS_ONLY = [
  /^\/leave$/,
  /^\/notifications$/,
  /^\/stamps$/,
  /^\/settings\//,
  /^\/list\/(create|update)/,
  /^\/post\/(create|update)\//,
  /^\/timeline\/\w+\/follow$/,
];
const GUESTS_ONLY = [/^\/(login|register|forgot)$/, /^\/(reset-password|verify-email)\//];

/** A link token of the right form that names nothing: the page says the link is not valid. */
const UNKNOWN_TOKEN = 'Zm9yLXRoZS10ZXh0LXdhbGstb25seS1ub3QtYS1saW5rMQ';

interface Scene {
  userId: string;
  spotId: string;
  eventId: string;
  commentId: string;
  listId: string;
}

/** The address of a route pattern, its parameters filled from the scene. */
function concrete(pattern: string, scene: Scene): string {
  const values: Record<string, string> = {
    postId: /event/.test(pattern) ? scene.eventId : scene.spotId,
    commentId: scene.commentId,
    listId: scene.listId,
    userId: scene.userId,
    stationGroupId: '1130101',
    lineId: '11302',
    tag: '紅葉',
    token: UNKNOWN_TOKEN,
  };
  return pattern.replace(/:(\w+)/g, (_, name: string) => values[name] ?? name);
}

/** The post editors read the post to edit from the query (docs/posts.md). */
function withQuery(path: string, scene: Scene): string {
  if (path === '/post/update/spot') return `${path}?postId=${scene.spotId}`;
  if (path === '/post/update/event') return `${path}?postId=${scene.eventId}`;
  return path;
}

async function memberApi() {
  const { email, password } = member('textReader');
  const { token, user } = await apiLogin({ email, password });
  const call = async (path: string, body: object | FormData) => {
    const form = body instanceof FormData;
    const response = await fetch(`${baseUrl}/api/v2${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...(form ? {} : { 'content-type': 'application/json' }),
      },
      body: form ? body : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()).data as { id: string };
  };
  return { userId: user.id, call };
}

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

/**
 * Moves inside the app and waits until the page shown is the one at the address. The mark is
 * taken off first, since an address may lead to the page shown before (`/list/update` to the
 * new list's form) or to another (a profile to its first tab); the app sets it again for each
 * move (root-layout.tsx).
 */
async function visit(page: Page, path: string, problems: string[]) {
  await page.evaluate((to) => {
    delete document.documentElement.dataset.shown;
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  const isShown = () =>
    page.evaluate(() => {
      const shown = document.documentElement.dataset.shown;
      // The address's path: a map left behind may still write its view into the query.
      return shown !== undefined && shown.split('?')[0] === location.pathname;
    });
  await expect
    .poll(isShown, {
      timeout: 30_000,
      message: `${path} shown (problems: ${problems.join(' / ')})`,
    })
    .toBe(true);
}

/** The Latin words of one page that no member wrote and no rule allows, with where they stand. */
async function englishOn(page: Page, memberWords: Set<string>) {
  const found: string[] = [];
  for (const text of await pageTexts(page)) {
    const readable = readableText(text);
    for (const word of latinWords(readable)) {
      if (memberWords.has(word) || ALLOWED_WORDS.has(word)) continue;
      const at = readable.indexOf(word);
      const around = readable.slice(Math.max(0, at - 15), at + word.length + 15);
      found.push(`${word} 「${around.replace(/\s+/g, ' ').trim()}」`);
    }
  }
  return [...new Set(found)];
}

async function walk({ page, problems }: { page: Page; problems: string[] }, paths: string[]) {
  const memberWords = new Set<string>();
  const watcher = watchMemberWords(page, memberWords);
  const english: Record<string, string[]> = {};
  for (const [index, path] of paths.entries()) {
    if (index === 0) {
      await open(page, path);
      await page.waitForFunction(() => document.documentElement.dataset.shown);
    } else await visit(page, path, problems);
    await watcher.settle();
    const found = await englishOn(page, memberWords);
    if (found.length > 0) english[path] = found;
  }
  return english;
}

describeInBrowser('Japanese text', () => {
  const browser = useBrowser();
  let scene: Scene;

  beforeAll(async () => {
    const api = await memberApi();
    const spot = await api.call(
      '/posts',
      form({ kind: 'spot', title: '丸の内の広場', lat: '35.6809', lng: '139.7665' }),
    );
    const event = await api.call(
      '/posts',
      form({
        kind: 'event',
        title: '駅舎の見学会',
        station_group_id: '1130101',
        starts_at: '2027-02-10T10:00:00+09:00',
        ends_at: '2027-02-10T12:00:00+09:00',
      }),
    );
    const comment = await api.call(`/posts/${spot.id}/comments`, { body: '行ってみます。' });
    const list = await api.call('/lists', { title: '点検の駅', description: '東京駅の周り' });
    await api.call(`/lists/${list.id}/items`, { station_group_id: 1130101, note: '丸の内側' });
    scene = {
      userId: api.userId,
      spotId: spot.id,
      eventId: event.id,
      commentId: comment.id,
      listId: list.id,
    };
  });

  it('is on every page a visitor opens, at 390 px', async () => {
    const opened = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const paths = WEB_ROUTE_PATTERNS.filter(
      (route) => !route.moderatorsOnly && !MEMBERS_ONLY.some((rule) => rule.test(route.path)),
    ).map((route) => concrete(route.path, scene));
    paths.push('/no/such/page');
    expect(await walk(opened, paths)).toEqual({});
  }, 120_000);

  it('is on every page a member (a moderator) opens, at 1280 px', async () => {
    const opened = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(opened.page, 'textReader');
    const paths = WEB_ROUTE_PATTERNS.filter(
      (route) => !GUESTS_ONLY.some((rule) => rule.test(route.path)),
    ).map((route) => withQuery(concrete(route.path, scene), scene));
    // With the visitor's walk, every pattern of the address space is read.
    expect(await walk(opened, paths)).toEqual({});
  }, 120_000);
});
