import { messages } from '../../../config/messages';

/** 「東京駅 | えきスポ」 — the same format as the route titles. */
export function formatDocumentTitleFor(title: string): string {
  return `${title}${messages.titleSeparator}${messages.appName}`;
}
