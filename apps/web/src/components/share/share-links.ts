import { getRuntimeConfig } from '../../config/runtime-config';

/**
 * Addresses and checks of the share control (share-button.tsx). LINE takes only the address;
 * X takes the text and the address apart, and adds the address itself.
 */

export interface ShareData {
  title: string;
  text: string;
  /** Absolute address of the page shared. */
  url: string;
}

/** The page's absolute address: on the server's public address when it sent one. */
export function absoluteUrl(path: string): string {
  const base = getRuntimeConfig().publicUrl || window.location.origin;
  return new URL(path, base).toString();
}

export function lineShareUrl(url: string): string {
  return `https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(url)}`;
}

export function xShareUrl(text: string, url: string): string {
  return `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`;
}

/**
 * The system share sheet on phones and tablets (a coarse pointer) whose browser has one. On a
 * desktop the menu is quicker (copy is one click) than the system's window, so it is used there.
 */
export function canShareNatively(data: ShareData): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return false;
  if (typeof navigator.canShare === 'function' && !navigator.canShare(data)) return false;
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/** True when the person closed the share sheet: not a failure, nothing to say. */
export function isShareCancel(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The clipboard API, or a selected text field where the page is not a secure context. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && typeof navigator.clipboard.writeText === 'function') {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the older way
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.className = 'visually-hidden';
  document.body.append(field);
  field.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
  }
}
