import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { BUILD_ID, IS_DEV_BUILD } from '../config/env';
import { messages } from '../config/messages';
import { startBuildCheck } from '../lib/build-check';
import { LazySnackbar } from './lazy-mui';

/** Offers a reload when the server has a newer build than the one running. */
export function BuildUpdateSnackbar() {
  const [updateAvailable, setUpdateAvailable] = useState(false);

  useEffect(() => {
    if (IS_DEV_BUILD) return undefined;
    return startBuildCheck({
      currentBuildId: BUILD_ID,
      onUpdateAvailable: () => setUpdateAvailable(true),
    });
  }, []);

  return (
    <LazySnackbar
      open={updateAvailable}
      message={messages.buildUpdate.available}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      action={
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          {messages.buildUpdate.reload}
        </Button>
      }
    />
  );
}
