/**
 * The entry: as small as it can be, so that a page the server drew is painted before the app's
 * code loads and runs (docs/architecture.md#server-rendering). On such a page the preloads of
 * the app (start.tsx) and of the page's code wait in a template until the first paint; the app
 * shell announces them in its head, and the app runs at once.
 */
import { AFTER_PAINT_ELEMENT_ID, SERVER_STATE_ELEMENT_ID } from './server-state-element';

const start = () => import('./start');

/** Links moved into the head per task: each starts a fetch, about a millisecond on a phone. */
const PRELOADS_PER_TASK = 8;

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * The page's preloads, held back in a template by the server, moved into the head so they
 * load: a few at a time, so that ninety of them do not hold the main thread at once. The app's
 * own code comes first in the template, the page's after it.
 */
async function releasePreloads() {
  const held = document.getElementById(AFTER_PAINT_ELEMENT_ID);
  if (!(held instanceof HTMLTemplateElement)) return;
  const links = [...held.content.children];
  for (let i = 0; i < links.length; i += PRELOADS_PER_TASK) {
    document.head.append(...links.slice(i, i + PRELOADS_PER_TASK));
    await nextTask();
  }
}

if (document.getElementById(SERVER_STATE_ELEMENT_ID)) {
  // A frame, then a task: the browser paints the page in between, then asks for its code.
  requestAnimationFrame(() => setTimeout(() => void releasePreloads().then(start), 0));
} else {
  void start();
}
