import type { ReportTargetKind } from '@ekispot/shared';
import { paths } from '../../../config/paths';

/** The page of an item named only by kind and id (a comment's page needs its post: none). */
export function targetHref(target: { kind: ReportTargetKind; id: string }): string | null {
  switch (target.kind) {
    case 'post':
      return paths.post.href(target.id);
    case 'list':
      return paths.list.href(target.id);
    case 'user':
      return paths.profile.href(target.id);
    case 'comment':
      return null;
  }
}

/** A line of text cut to `max` characters, for naming an item in a dialog. */
export function shorten(text: string, max = 40): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The path of a takedown request's URL: the API stores our own address of the page asked about
 * (docs/moderation.md#takedown-requests), which opens here whatever host the app runs on.
 */
export function ownPath(url: string): string | null {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return null;
  }
}
