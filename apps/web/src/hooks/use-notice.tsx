import Snackbar from '@mui/material/Snackbar';
import { useCallback, useState } from 'react';

interface Notice {
  id: number;
  text: string;
}

/** A short message at the bottom of the page (a link copied, a follow or another call failed). */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
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
