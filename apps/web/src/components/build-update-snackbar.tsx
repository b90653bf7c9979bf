import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { BUILD_ID, IS_DEV_BUILD } from '../config/env';
import { messages } from '../config/messages';
import { startBuildCheck } from '../lib/build-check';
import { applyUpdate, currentRegistration, watchForUpdate } from '../lib/sw-registration';
import { LazySnackbar } from './lazy-mui';

/**
 * Offers a reload when a newer build is out (docs/pwa.md#updates). With the service
 * worker, the offer is its `waiting` state: accepting lets the new worker take over and the page
 * reloads when it does. Without one (a browser without service workers, or the worker failed to
 * register), the page polls `/build.json` as before.
 */
export function BuildUpdateSnackbar() {
  const [update, setUpdate] = useState<{ worker: ServiceWorker | null } | null>(null);

  useEffect(() => {
    if (IS_DEV_BUILD) return undefined;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void currentRegistration().then((registration) => {
      if (cancelled) return;
      stop = registration
        ? watchForUpdate({ registration, onWaiting: (worker) => setUpdate({ worker }) })
        : startBuildCheck({
            currentBuildId: BUILD_ID,
            onUpdateAvailable: () => setUpdate({ worker: null }),
          });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);

  const accept = () => {
    if (update?.worker) applyUpdate(update.worker);
    else window.location.reload();
  };

  return (
    <LazySnackbar
      open={update !== null}
      message={messages.buildUpdate.available}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      action={
        <Button color="inherit" size="small" onClick={accept}>
          {messages.buildUpdate.reload}
        </Button>
      }
    />
  );
}
