import { MOBILE_MEDIA_QUERY } from '../../lib/theme';

/**
 * When the 「ホーム画面に追加」 hint shows (docs/pwa.md#the-install-hint): on a phone, from the
 * second visit, until the member closes it or installs the app, never inside the installed app,
 * and only where there is a way to add it (the browser's install prompt, or iOS's share menu).
 */

/** How many visits this browser has made, kept across visits. */
export const VISITS_STORAGE_KEY = 'ekispot:visits';
/** Set in sessionStorage once a visit is counted: a reload or a new page is the same visit. */
export const VISIT_COUNTED_STORAGE_KEY = 'ekispot:visit-counted';
/** When the hint was closed or the app installed (ISO time); the hint never comes back. */
export const INSTALL_HINT_DISMISSED_STORAGE_KEY = 'ekispot:install-hint-dismissed';

/** The visit on which the hint first shows: a first visit is for the app itself. */
export const INSTALL_HINT_FROM_VISIT = 2;

/**
 * A phone: the mobile layout (below lg) with a finger as the main pointer. A narrow desktop
 * window is no phone, and a tablet held wide gets the desktop layout.
 */
export const PHONE_MEDIA_QUERY = `${MOBILE_MEDIA_QUERY} and (pointer: coarse)`;
/** The app runs from the home screen (the manifest's `display`). */
export const STANDALONE_MEDIA_QUERY = '(display-mode: standalone)';

export type InstallHintKind = 'prompt' | 'ios';

export interface InstallHintSituation {
  visits: number;
  dismissed: boolean;
  phone: boolean;
  standalone: boolean;
  /** The browser has offered an install prompt (`beforeinstallprompt`) we can show. */
  canPrompt: boolean;
  /** iOS, where adding to the home screen goes through the share menu. */
  ios: boolean;
}

/** Which hint to show, or null for none. */
export function chooseInstallHint(situation: InstallHintSituation): InstallHintKind | null {
  const { visits, dismissed, phone, standalone, canPrompt, ios } = situation;
  if (dismissed || standalone || !phone || visits < INSTALL_HINT_FROM_VISIT) return null;
  if (canPrompt) return 'prompt';
  return ios ? 'ios' : null;
}

/**
 * Counts this visit once: the first call of a browser session adds one, later calls (reloads,
 * other pages, a layout mounting again) only read. Returns the visits so far; 0 when the
 * browser keeps nothing (then the hint, which could not remember being closed, never shows).
 */
export function recordVisit(local: Storage | null, session: Storage | null): number {
  if (!local) return 0;
  const visits = readCount(local.getItem(VISITS_STORAGE_KEY));
  if (session?.getItem(VISIT_COUNTED_STORAGE_KEY)) return visits;
  try {
    local.setItem(VISITS_STORAGE_KEY, String(visits + 1));
    session?.setItem(VISIT_COUNTED_STORAGE_KEY, '1');
  } catch {
    // Storage full or refused: this visit is not counted.
    return visits;
  }
  return visits + 1;
}

export function isInstallHintDismissed(local: Storage | null): boolean {
  return local?.getItem(INSTALL_HINT_DISMISSED_STORAGE_KEY) != null;
}

export function rememberInstallHintDismissed(local: Storage | null, now = new Date()): void {
  try {
    local?.setItem(INSTALL_HINT_DISMISSED_STORAGE_KEY, now.toISOString());
  } catch {
    // Not remembered: the hint shows again on the next visit, no worse than that.
  }
}

function readCount(value: string | null): number {
  const count = Number(value ?? '0');
  return Number.isSafeInteger(count) && count > 0 ? count : 0;
}

/**
 * An iPhone or iPad browser that can add to the home screen from its share menu: Safari, and
 * since iOS 16.4 the other browsers too, but not the in-app browsers (LINE's and the like), which
 * leave out Safari's `Safari/` token. iPadOS presents itself as a Mac with a touch screen.
 */
export function isIosWithShareMenu(userAgent: string, maxTouchPoints: number): boolean {
  const ios =
    /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari\//.test(userAgent) && !/\bLine\//i.test(userAgent);
}

/** The browser's storage, or null where reading it throws (storage disabled). */
export function storageOrNull(get: () => Storage): Storage | null {
  try {
    return get();
  } catch {
    return null;
  }
}
