import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { messages } from '../config/messages';
import { useBackPath } from '../lib/navigation-history';

/**
 * 「戻る」 at the top of a detail page: to the page the member came from in the app (the history
 * stack, docs/product-rules.md#navigation), else to the page's natural parent — a shared link
 * opened cold still has somewhere sensible to go. A link, so it can be opened in a new tab.
 */
export function BackLink({ fallback }: { fallback: string }) {
  const to = useBackPath(fallback);
  return (
    <Button
      component={RouterLink}
      to={to}
      startIcon={<ArrowBackIcon aria-hidden="true" />}
      sx={{ minHeight: 44, ml: -1, mb: 1 }}
    >
      {messages.nav.back}
    </Button>
  );
}
