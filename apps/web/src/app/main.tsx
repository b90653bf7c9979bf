/**
 * The entry: as small as it can be, so that a page the server drew is painted before the app's
 * code loads and runs (docs/architecture.md#server-rendering). On such a page the preloads of
 * the app (start.tsx) and of the page's code wait in a template until the first paint; the app
 * shell announces them in its head, and the app runs at once.
 */
import { listenForInstallPrompt } from '../features/install/install-prompt';
import {
  isMapPreload,
  mapWaitsForVisitor,
  savesData,
  whenVisitorActs,
} from '../lib/save-data-start';
import { AFTER_PAINT_ELEMENT_ID, SERVER_STATE_ELEMENT_ID } from './server-state-element';

// Chromium offers its install prompt once, about half a second after the page loads: sooner
// than the app below starts on a server-drawn page, so the entry keeps it and holds back the
// browser's banner until the hint offers it (docs/pwa.md#the-install-hint).
listenForInstallPrompt();

const start = () => import('./start');

/**
 * Yields to the browser: `scheduler.yield()` where there is one (no 4 ms clamp after a few
 * nested timers), a zero timer elsewhere.
 */
const nextTask = (): Promise<unknown> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

/**
 * The page's preloads, held back in a template by the server, moved into the head so they
 * load: one per task, since each starts a fetch, which costs a phone a few milliseconds (eight
 * at once made tasks of 15–55 ms on this machine; docs/architecture.md#server-rendering). The
 * app's own code comes first in the template, the page's after it.
 */
async function releasePreloads(): Promise<string[]> {
  const held = document.getElementById(AFTER_PAINT_ELEMENT_ID);
  if (!(held instanceof HTMLTemplateElement)) return [];
  const modules: string[] = [];
  for (const link of [...held.content.children]) {
    // While the map waits for the visitor (Save-Data), its code and calls stay unasked.
    if (link instanceof HTMLLinkElement && mapWaitsForVisitor() && isMapPreload(link.href))
      continue;
    document.head.append(link);
    if (link instanceof HTMLLinkElement && link.rel === 'modulepreload') modules.push(link.href);
    await nextTask();
  }
  return modules;
}

/**
 * The app's code run one chunk per task before the app starts, instead of all of it in one task
 * that a phone would spend a few hundred milliseconds on, deaf to a tap
 * (docs/architecture.md#server-rendering). The server lists a chunk before the chunks it imports,
 * so the list is run from its end: each chunk's imports have mostly run by the time it runs. zod
 * is configured first, as the app's own start does. A chunk that fails to load leaves the rest to
 * the app's start, which reports it as it always has.
 */
async function runInTurn(modules: readonly string[]): Promise<void> {
  try {
    await import('./zod-config');
    for (const href of [...modules].reverse()) {
      await nextTask();
      await import(/* @vite-ignore */ href);
    }
  } catch {
    // start() loads what is left and handles the failure.
  }
  await nextTask();
}

if (document.getElementById(SERVER_STATE_ELEMENT_ID)) {
  // A frame, then a task: the browser paints the page in between, then asks for its code.
  const run = () =>
    requestAnimationFrame(() =>
      setTimeout(() => void releasePreloads().then(runInTurn).then(start), 0),
    );
  // The top page with Save-Data: the page as drawn until the visitor acts on it
  // (docs/pwa.md#save-data-on-the-top-page).
  if (window.location.pathname === '/' && savesData()) whenVisitorActs(document, run);
  else run();
} else {
  void start();
}
