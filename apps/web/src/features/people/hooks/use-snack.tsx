import Snackbar from '@mui/material/Snackbar';
import { useCallback, useState } from 'react';

/** A short message at the bottom of the page (a follow failed, a link copied). */
export function useSnack() {
  const [notice, setNotice] = useState<{ id: number; text: string } | null>(null);
  const show = useCallback((text: string) => setNotice({ id: Date.now(), text }), []);
  const element = (
    <Snackbar
      key={notice?.id}
      open={notice !== null}
      autoHideDuration={4_000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') setNotice(null);
      }}
      message={notice?.text}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    />
  );
  return { show, element };
}
