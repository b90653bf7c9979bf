import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { messages } from '../config/messages';
import { useGoBack } from '../lib/navigation-history';

/** A click the browser means for a new tab or window, or a download: left to the browser. */
function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
}

/**
 * 「戻る」 at the top of a detail page: back to the page the member came from in the app (the
 * history stack, docs/product-rules.md#navigation), else to the page's natural parent — a shared
 * link opened cold still has somewhere sensible to go. A press is a back navigation, never a new
 * page on the stack (docs/navigation.md#back); still a link, so it can be opened in a new tab.
 */
export function BackLink({ fallback }: { fallback: string }) {
  const { to, goBack } = useGoBack(fallback);
  return (
    <Button
      component={RouterLink}
      to={to}
      onClick={(event: MouseEvent) => {
        if (isModifiedClick(event)) return;
        event.preventDefault();
        goBack();
      }}
      startIcon={<ArrowBackIcon aria-hidden="true" />}
      sx={{ minHeight: 44, ml: -1, mb: 1 }}
    >
      {messages.nav.back}
    </Button>
  );
}
