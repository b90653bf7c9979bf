/**
 * The entry: as small as it can be, so that a page the server drew is painted before the app's
 * code runs (docs/architecture.md#hydration). The app (start.tsx) and the page's code are
 * fetched alongside this file from the page's own preload links; they are run after the first
 * paint of a server-drawn page, at once for the app shell.
 */
import { AFTER_PAINT_ELEMENT_ID, SERVER_STATE_ELEMENT_ID } from './server-state-element';

const start = () => import('./start');

/** The page's preloads, held back in a template by the server: into the head, so they load. */
function releasePreloads() {
  const held = document.getElementById(AFTER_PAINT_ELEMENT_ID);
  if (held instanceof HTMLTemplateElement) document.head.append(held.content);
}

if (document.getElementById(SERVER_STATE_ELEMENT_ID)) {
  // A frame, then a task: the browser paints the page in between, then asks for its code.
  requestAnimationFrame(() =>
    setTimeout(() => {
      releasePreloads();
      void start();
    }, 0),
  );
} else {
  void start();
}
