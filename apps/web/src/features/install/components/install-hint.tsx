import { ClientOnly } from '../../../components/client-only';
import { lazyWhenOpen } from '../../../components/lazy-when-open';
import { useInstallHint } from '../use-install-hint';

/** The strip's code loads only for a visit that shows it, never on a first visit. */
const LazyInstallHintStrip = lazyWhenOpen(
  () => import('./install-hint-strip').then((module) => module.InstallHintStrip),
  (props) => props.kind !== null,
);

/**
 * 「えきスポをホーム画面に追加」 (docs/pwa.md#the-install-hint): a strip under the header, in the
 * page's flow like the offline banner, so it covers neither the map's controls nor the bottom bar;
 * the map shrinks by its height instead. When it shows: install-hint-rules.ts.
 */
export function InstallHint() {
  // It reads the browser's storage, screen and install prompt: never drawn on the server.
  return (
    <ClientOnly>
      <InstallHintWhenDue />
    </ClientOnly>
  );
}

function InstallHintWhenDue() {
  const { kind, install, dismiss } = useInstallHint();
  return <LazyInstallHintStrip kind={kind} onInstall={install} onDismiss={dismiss} />;
}
