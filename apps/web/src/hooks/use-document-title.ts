import { useEffect } from 'react';
import { messages } from '../config/messages';

/** 「駅ガチャ | えきスポ」: the one format of every page title; the app's name alone without one. */
export function formatDocumentTitle(title: string | null | undefined): string {
  return title ? `${title}${messages.titleSeparator}${messages.appName}` : messages.appName;
}

/**
 * 「{title} | えきスポ」 once the page knows its title. The root layout sets the route's
 * generic title first (a layout effect); this passive effect runs after it and wins.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = formatDocumentTitle(title);
  }, [title]);
}
