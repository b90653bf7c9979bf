import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * A built web app in miniature with a server render of its own (`dist-ssr/entry-server.js`,
 * plugins/server-render.ts): it reads through the API in process exactly as the real one does
 * (a station page its station, /users the member directory) and draws what it read, or nothing
 * where a read failed, as the real one would. A test can hold every render after its read
 * (`hold`), so renders stay in flight while it looks at the server.
 */

const TEMPLATE =
  '<!doctype html><html lang="ja"><head><title>えきスポ</title></head><body><div id="root"></div></body></html>';

const ENTRY = `
let read;
export function configureServerRender(options) { read = options.fetch; }
const control = () => globalThis.__fakeRender;
export async function renderPage(url) {
  const address = new URL(url);
  const station = /^\\/station\\/(\\d+)$/.exec(address.pathname);
  const api = station
    ? '/api/v2/stations/' + station[1]
    : address.pathname === '/users'
      ? '/api/v2/users' + address.search
      : null;
  if (api === null) return { kind: 'shell' };
  control().started += 1;
  await control().beforeRead();
  const response = await read(api, { method: 'GET', headers: { accept: 'application/json' } });
  const body = response.ok ? await response.json() : null;
  await control().afterRead();
  const shown = body === null ? '' : station ? body.data.name : body.data.items.map((u) => u.name).join('、');
  return { kind: 'page', status: 200, html: '<main>' + shown + '</main>', styles: '', tail: '', afterPaintId: 'after-paint', module: null };
}
`;

export interface FakeRenderControl {
  /** Renders begun (past the server's render gate). */
  started: number;
  beforeRead: () => Promise<void>;
  afterRead: () => Promise<void>;
}

declare global {
  var __fakeRender: FakeRenderControl;
}

const open = async () => undefined;

/** A held point: renders reaching it wait until `release`. */
export function createHold() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { wait: () => released, release };
}

export async function createFakeWebBuild() {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'ekispot-ssr-'));
  const distDir = path.join(root, 'dist');
  await fs.mkdir(distDir);
  await fs.mkdir(path.join(root, 'dist-ssr'));
  await fs.writeFile(path.join(distDir, 'index.html'), TEMPLATE);
  await fs.writeFile(path.join(root, 'dist-ssr', 'entry-server.js'), ENTRY);
  // An asset with the compressed copies the build writes beside it (precompress-plugin.ts).
  const asset = Buffer.from(`export const names = ${JSON.stringify(Array(400).fill('駅'))};`);
  await fs.mkdir(path.join(distDir, 'assets'));
  await fs.writeFile(path.join(distDir, 'assets', 'app-a1.js'), asset);
  await fs.writeFile(path.join(distDir, 'assets', 'app-a1.js.gz'), zlib.gzipSync(asset));
  await fs.writeFile(path.join(distDir, 'assets', 'app-a1.js.br'), zlib.brotliCompressSync(asset));
  globalThis.__fakeRender = { started: 0, beforeRead: open, afterRead: open };
  return {
    distDir,
    control: globalThis.__fakeRender,
    /** Renders run straight through again. */
    reset() {
      globalThis.__fakeRender.beforeRead = open;
      globalThis.__fakeRender.afterRead = open;
    },
    remove: () => fs.rm(root, { recursive: true, force: true }),
  };
}
