import Alert from '@mui/material/Alert';
import { useSyncExternalStore } from 'react';
import { messages } from '../config/messages';
import { dismissFlash, readFlash, subscribeFlash } from '../lib/flash-message';
import { LazySnackbar } from './lazy-mui';

const AUTO_HIDE_MS = 8_000;

/** Shows the message left by the previous page (see lib/flash-message), announced politely. */
export function FlashSnackbar() {
  const flash = useSyncExternalStore(subscribeFlash, readFlash, () => null);
  const close = () => {
    if (flash) dismissFlash(flash.id);
  };
  return (
    <LazySnackbar
      key={flash?.id}
      open={flash !== null}
      autoHideDuration={AUTO_HIDE_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') close();
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert
        role="status"
        aria-live="polite"
        severity={flash?.severity ?? 'success'}
        variant="filled"
        onClose={close}
        closeText={messages.flash.close}
        sx={{ width: '100%' }}
      >
        {flash?.text}
      </Alert>
    </LazySnackbar>
  );
}
