import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { RouterButton } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';

const text = messages.takedowns;

/** After sending: where the confirmation mail went, and what to do next. */
export function TakedownSent({ email, onAgain }: { email: string; onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);

  // The form is replaced: move focus to the news so keyboard and screen reader users get it.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <Stack spacing={2.5}>
      <Typography ref={heading} component="h2" variant="h6" tabIndex={-1} sx={{ outline: 'none' }}>
        {text.sentHeading}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{text.sentBody(email)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {text.notArrived}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="outlined" onClick={onAgain} sx={{ minHeight: 44 }}>
          {text.again}
        </Button>
        <RouterButton to={paths.home.href()} sx={{ minHeight: 44 }}>
          {text.toTop}
        </RouterButton>
      </Stack>
    </Stack>
  );
}
