/**
 * The top page when the browser asks to save data (docs/pwa.md#save-data-on-the-top-page): the
 * page the server drew (its country map image, its links) is all a first visit loads; the app's
 * code and the map's wait until the visitor does something on the page, and the map's until
 * they ask for it. A module of its own, without the app, so that the entry (main.tsx) stays
 * small; the map reads the same state once the app runs.
 */

/** On `<html>`: the page holds its code and map back (styles show the map's start button). */
export const SAVE_DATA_ATTRIBUTE = 'data-save-data';
/** On `<html>`: the visitor asked for the map; it loads. */
export const MAP_STARTED_ATTRIBUTE = 'data-map-started';
/** On the map's start button: a press there starts the map as well as the app. */
export const MAP_START_ATTRIBUTE = 'data-map-start';

type Connection = { saveData?: boolean };

/** `navigator.connection.saveData`: the browser asks to save data (Chromium's Save-Data). */
export function savesData(nav: Navigator | undefined = globalThis.navigator): boolean {
  return (nav as { connection?: Connection } | undefined)?.connection?.saveData === true;
}

let mapStarted = false;
const listeners = new Set<() => void>();

/** Whether the top map waits for the visitor: the browser saves data and nobody asked yet. */
export function mapWaitsForVisitor(): boolean {
  return !mapStarted && savesData();
}

/** The visitor asked for the map: it loads from now on (and the start button goes). */
export function startMap(): void {
  if (mapStarted) return;
  mapStarted = true;
  globalThis.document?.documentElement.setAttribute(MAP_STARTED_ATTRIBUTE, '');
  for (const listener of listeners) listener();
}

/** For `useSyncExternalStore`: told when the map is asked for. */
export function onMapStart(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Preloads of the map's own code and calls, left out while the map waits. */
export function isMapPreload(href: string): boolean {
  return /\/(maplibre-gl|browser-map)-[\w-]+\.(m?js|css)$|\/api\/v2\/map\/markers/.test(href);
}

/** Marks `<html>` as holding the map back: its start shows (map-start.tsx). */
export function markSavingData(doc: Document = document): void {
  doc.documentElement.setAttribute(SAVE_DATA_ATTRIBUTE, '');
}

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Runs `run` at the visitor's first interaction with the page, but not for a press on a plain
 * link (it leaves for another page, which loads as any page does). A press on the map's start
 * button starts the map too.
 */
export function whenVisitorActs(doc: Document, run: () => void): void {
  markSavingData(doc);
  const act = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (event.type !== 'focusin' && target?.closest('a[href]')) return;
    if (event.type === 'focusin' && target?.matches('a[href]')) return;
    if (target?.closest(`[${MAP_START_ATTRIBUTE}]`)) startMap();
    for (const type of INTERACTIONS) doc.removeEventListener(type, act, true);
    run();
  };
  for (const type of INTERACTIONS) doc.addEventListener(type, act, true);
}
