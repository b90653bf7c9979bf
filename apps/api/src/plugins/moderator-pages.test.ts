import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../test/auth-client.js';
import { createTestApp } from '../../test/test-app.js';
import { runAdminCommand } from '../modules/moderation/admin-commands.js';

/**
 * The moderators' pages cannot be told from an address that names nothing, by anyone but a
 * moderator (docs/moderation.md#moderators): visitors, members and stale sessions get the same
 * status, headers and page as an unknown address (the address the page prints aside); a
 * moderator gets the app shell, which the shared page cache never holds, while everyone else's
 * page is kept as an unknown address's. They once
 * answered 200 with the app shell where any unknown page answered 404.
 *
 * The web build is a miniature: its template, and a server render that draws every address it
 * has no page for as the 404 page printing the address, as the real one does for anyone, the
 * moderators' addresses included (apps/web/src/app/entry-server.tsx). It counts its renders.
 */

const TEMPLATE =
  '<!doctype html><html lang="ja"><head><title>えきスポ</title></head><body>' +
  '<noscript>JavaScript を有効にしてください</noscript><div id="root"></div></body></html>';

const ENTRY_SERVER = `
globalThis.moderatorPagesRenders = [];
export function configureServerRender() {}
export async function renderPage(url) {
  const { pathname } = new URL(url);
  globalThis.moderatorPagesRenders.push(pathname);
  if (pathname === '/') return { kind: 'page', status: 200, html: '<main>地図</main>', styles: '',
    tail: '', afterPaintId: 'after-paint', module: null };
  return { kind: 'page', status: 404, afterPaintId: 'after-paint', styles: '<style>.e{}</style>',
    html: '<main><h1>ページが見つかりません</h1><p>Page not found: ' + pathname + '</p></main>',
    tail: '<script type="application/json" id="server-state">{"route":"not-found"}</script>',
    module: 'src/app/routes/not-found.tsx' };
}
`;

const origin = 'http://localhost:3000';
const renders = () => (globalThis as { moderatorPagesRenders?: string[] }).moderatorPagesRenders!;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let root: string;
const tokens = { member: '', moderator: '' };

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-web-'));
  await fs.mkdir(path.join(root, 'dist'));
  await fs.mkdir(path.join(root, 'dist-ssr'));
  await fs.writeFile(path.join(root, 'dist', 'index.html'), TEMPLATE);
  await fs.writeFile(path.join(root, 'dist-ssr', 'entry-server.js'), ENTRY_SERVER);
  ctx = await createTestApp({ WEB_DIST_DIR: path.join(root, 'dist'), PUBLIC_URL: origin });
  const auth = createAuthClient(ctx, origin);
  tokens.member = (await auth.insertMemberAndLogIn('member@example.jp')).token;
  tokens.moderator = (await auth.insertMemberAndLogIn('moderator@example.jp')).token;
  await runAdminCommand(ctx.db, 'grant-moderator', ['moderator@example.jp']);
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

/** What a client can compare: the status, the headers that say anything, the body; the address it names made `{path}`. */
function answerOf(response: Awaited<ReturnType<typeof get>>, pathname: string) {
  const skip = new Set(['date', 'etag', 'content-length', 'x-request-id']);
  const headers = Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name]) => !skip.has(name))
      .map(([name, value]) => [name, String(value).replaceAll(pathname, '{path}')]),
  );
  return {
    status: response.statusCode,
    headers,
    body: response.body
      .replaceAll(pathname, '{path}')
      .replaceAll(encodeURIComponent(pathname), '{path}'),
  };
}

const callers: Record<string, () => Record<string, string>> = {
  visitor: () => ({}),
  'member by cookie': () => ({ cookie: `auth=${tokens.member}` }),
  'member by bearer': () => ({ authorization: `Bearer ${tokens.member}` }),
  'stale session': () => ({ cookie: 'auth=not-a-session' }),
};

describe('the moderators’ pages', () => {
  it('answer anyone but a moderator exactly as an address that names nothing', async () => {
    const unknown = '/no-such-page';
    for (const [who, headers] of Object.entries(callers))
      for (const [address, pathname] of [
        ['/moderation', '/moderation'],
        ['/moderation/log', '/moderation/log'],
        ['/Moderation/', '/Moderation/'],
        // A query string too: both are sent to the address without it.
        ['/moderation?tab=takedowns', '/moderation'],
      ] as const) {
        const query = address.slice(pathname.length);
        const expected = answerOf(await get(`${unknown}${query}`, headers()), unknown);
        const answer = answerOf(await get(address, headers()), pathname);
        expect({ who, address, ...answer }).toEqual({ who, address, ...expected });
      }
    const page = await get('/moderation');
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Page not found: /moderation');
  });

  it('give a moderator the app shell, private and never kept', async () => {
    const moderator = { cookie: `auth=${tokens.moderator}` };
    for (const address of ['/moderation', '/moderation/log', '/moderation?tab=takedowns']) {
      const response = await get(address, moderator);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).not.toContain('Page not found');
    }
    expect(
      (await get('/moderation', { authorization: `Bearer ${tokens.moderator}` })).statusCode,
    ).toBe(200);
  });

  it('answer each caller for who they are, in any order: the moderators’ shell is never kept', async () => {
    const moderator = { cookie: `auth=${tokens.moderator}` };
    // A spelling no test asked for yet: nothing kept under it.
    const address = '/moderation/log/';
    const drawn = () => renders().filter((pathname) => pathname === address).length;
    const before = drawn();
    expect((await get(address, moderator)).statusCode).toBe(200);
    expect((await get(address)).statusCode).toBe(404);
    expect((await get(address, moderator)).statusCode).toBe(200);
    expect((await get(address, { cookie: `auth=${tokens.member}` })).statusCode).toBe(404);
    expect((await get(address, moderator)).statusCode).toBe(200);
    // Everyone else's page is kept as an unknown address's is (drawn once, then as fast as one);
    // a moderator's answer never comes from it.
    expect(drawn() - before).toBe(1);
    const unknownBefore = renders().filter((pathname) => pathname === '/kept-unknown').length;
    await get('/kept-unknown');
    await get('/kept-unknown');
    expect(
      renders().filter((pathname) => pathname === '/kept-unknown').length - unknownBefore,
    ).toBe(1);
  });
});
