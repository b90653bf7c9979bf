import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A form-level failure: read out at once by screen readers (role="alert"). */
export function FormErrorAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <Alert severity="error" role="alert">
      {children}
    </Alert>
  );
}

/** While empty, the region takes no room in a Stack (its own gap, or the next one's). */
const EMPTY_TAKES_NO_ROOM = {
  '&:empty': { position: 'absolute' },
  '&:first-child:empty + *': { marginTop: 0 },
} as const;

/**
 * A polite live region that is always in the page, so a success message placed in it is
 * announced when it appears (a region inserted together with its text often is not).
 */
export function FormStatus({ children }: { children?: ReactNode }) {
  return (
    <Box role="status" aria-live="polite" aria-atomic="true" sx={EMPTY_TAKES_NO_ROOM}>
      {children ? (
        <Alert severity="success" role="none">
          {children}
        </Alert>
      ) : null}
    </Box>
  );
}
