import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, useSyncExternalStore } from 'react';
import {
  chooseInstallHint,
  isInstallHintDismissed,
  isIosWithShareMenu,
  PHONE_MEDIA_QUERY,
  recordVisit,
  rememberInstallHintDismissed,
  STANDALONE_MEDIA_QUERY,
  storageOrNull,
  type InstallHintKind,
} from './install-hint-rules';
import { openInstallPrompt, readInstallPrompt, subscribeInstallPrompt } from './install-prompt';

const localStore = () => storageOrNull(() => window.localStorage);
const sessionStore = () => storageOrNull(() => window.sessionStorage);

/** Safari's own flag for a page opened from the home screen (it has no display-mode before 13). */
function isIosStandalone(): boolean {
  return (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export interface InstallHint {
  kind: InstallHintKind | null;
  /** Opens the browser's install prompt (kind 'prompt'); the hint is done either way. */
  install: () => Promise<void>;
  /** Closes the hint for good. */
  dismiss: () => void;
}

/** Whether to show the 「ホーム画面に追加」 hint, and its two actions (install-hint-rules.ts). */
export function useInstallHint(): InstallHint {
  // Counted once per browser session, however often the layout mounts.
  const [visits] = useState(() => recordVisit(localStore(), sessionStore()));
  const [dismissed, setDismissed] = useState(() => isInstallHintDismissed(localStore()));
  const phone = useMediaQuery(PHONE_MEDIA_QUERY, { noSsr: true });
  const standaloneDisplay = useMediaQuery(STANDALONE_MEDIA_QUERY, { noSsr: true });
  const prompt = useSyncExternalStore(subscribeInstallPrompt, readInstallPrompt);

  const dismiss = () => {
    rememberInstallHintDismissed(localStore());
    setDismissed(true);
  };
  const kind = chooseInstallHint({
    visits,
    dismissed: dismissed || prompt.installed,
    phone,
    standalone: standaloneDisplay || isIosStandalone(),
    canPrompt: prompt.prompt !== null,
    ios: isIosWithShareMenu(navigator.userAgent, navigator.maxTouchPoints ?? 0),
  });
  return {
    kind,
    dismiss,
    install: async () => {
      // Installed or declined in the browser's own dialog: asked once, not again.
      await openInstallPrompt().catch(() => false);
      dismiss();
    },
  };
}
