/**
 * The browser's install prompt (Chromium's `beforeinstallprompt`), kept from the moment the page
 * loads: the event may come before any component that offers 「追加する」 has mounted, and it is
 * the only way to open the prompt from a button. `appinstalled` says the app was installed, by
 * our button or the browser's menu.
 */

/** Chromium's event; not in TypeScript's DOM types. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export interface InstallPromptState {
  /** The prompt we may open, until it has been used (it opens once). */
  prompt: BeforeInstallPromptEvent | null;
  installed: boolean;
}

let state: InstallPromptState = { prompt: null, installed: false };
const listeners = new Set<() => void>();

function update(next: Partial<InstallPromptState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function isBeforeInstallPromptEvent(event: Event): event is BeforeInstallPromptEvent {
  return 'prompt' in event && typeof event.prompt === 'function';
}

/** Starts listening; called once when the app starts. Returns a stop function (for tests). */
export function listenForInstallPrompt(target: EventTarget = window): () => void {
  const onPrompt = (event: Event) => {
    if (!isBeforeInstallPromptEvent(event)) return;
    // The browser's own banner would come on the first visit: the hint offers it later instead
    // (docs/pwa.md#the-install-hint); the browser's menu still installs at any time.
    event.preventDefault();
    update({ prompt: event });
  };
  const onInstalled = () => update({ prompt: null, installed: true });
  target.addEventListener('beforeinstallprompt', onPrompt);
  target.addEventListener('appinstalled', onInstalled);
  return () => {
    target.removeEventListener('beforeinstallprompt', onPrompt);
    target.removeEventListener('appinstalled', onInstalled);
  };
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readInstallPrompt(): InstallPromptState {
  return state;
}

/**
 * Opens the browser's install prompt and resolves with whether the member installed. The event
 * is forgotten first: a prompt opens only once.
 */
export async function openInstallPrompt(): Promise<boolean> {
  const { prompt } = state;
  if (!prompt) return false;
  update({ prompt: null });
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  return outcome === 'accepted';
}

/** Back to a page that has seen no event (tests). */
export function resetInstallPrompt(): void {
  update({ prompt: null, installed: false });
}
