/**
 * The entry: as small as it can be, so that a page the server drew is painted before the app's
 * code runs (docs/architecture.md#hydration). The app (start.tsx) and the page's code are
 * fetched alongside this file from the page's own preload links; they are run after the first
 * paint of a server-drawn page, at once for the app shell.
 */
import { SERVER_STATE_ELEMENT_ID } from './server-state-element';

const start = () => import('./start');

if (document.getElementById(SERVER_STATE_ELEMENT_ID)) {
  // A frame, then a task: the browser paints the page in between.
  requestAnimationFrame(() => setTimeout(() => void start(), 0));
} else {
  void start();
}
