import { useEffect } from 'react';
import { messages } from '../../../config/messages';

/**
 * 「{title} | えきスポ」 once the page knows its title. The root layout sets the route's
 * generic title first (a layout effect); this passive effect runs after it and wins.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title}${messages.titleSeparator}${messages.appName}`;
  }, [title]);
}
