import { isWebRoutePath, type ReportTargetKind } from '@ekispot/shared';
import { z } from 'zod';

/**
 * The URL a takedown request names (docs/moderation.md#takedown-requests): a page of ours — a
 * full URL on PUBLIC_URL's host, the same without its scheme, or a bare path — that shows one
 * post, comment, member or list. Only the address's form is checked: whether the item exists
 * (or is private) is never looked up, so the form tells nobody anything about it.
 */

export interface TakedownTarget {
  kind: ReportTargetKind;
  id: string;
}

export type TakedownUrlCheck =
  | { ok: true; url: string; target: TakedownTarget }
  /** `foreignUrl`: not an address of ours; `notAnItem`: ours, but no post, comment, member or list. */
  | { ok: false; problem: 'foreignUrl' | 'notAnItem' };

const uuidSchema = z.uuid();
const isUuid = (value: string | undefined): value is string =>
  value !== undefined && uuidSchema.safeParse(value).success;

/** A host with an optional port, then a path: `ekispot.jp/post/…` as people copy it. */
const HOST_THEN_PATH = /^[a-z0-9.-]+(:\d{1,5})?\//i;

function parse(input: string, base: URL): URL | null {
  try {
    if (input.startsWith('/') && !input.startsWith('//')) return new URL(input, base);
    if (/^https?:\/\//i.test(input)) return new URL(input);
    if (HOST_THEN_PATH.test(input)) return new URL(`${base.protocol}//${input}`);
    return null;
  } catch {
    return null;
  }
}

/** The item a page of ours shows, from its path's segments (lower-cased); null for other pages. */
function targetOf(segments: readonly string[]): TakedownTarget | null {
  const [first, id, third, commentId] = segments;
  if (first === 'post' && isUuid(id)) {
    if (segments.length === 2) return { kind: 'post', id };
    if (segments.length === 4 && third === 'comment' && isUuid(commentId))
      return { kind: 'comment', id: commentId };
    return null;
  }
  if (first === 'list' && segments.length === 2 && isUuid(id)) return { kind: 'list', id };
  // The profile, its tabs, and the follower lists all name the member.
  if ((first === 'profile' || first === 'users') && isUuid(id)) return { kind: 'user', id };
  return null;
}

/** Checks `input` against `publicUrl`'s host and the web app's pages, and names its item. */
export function checkTakedownUrl(input: string, publicUrl: string): TakedownUrlCheck {
  const base = new URL(publicUrl);
  const url = parse(input.trim(), base);
  if (
    !url ||
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.host.toLowerCase() !== base.host.toLowerCase() ||
    url.username !== '' ||
    url.password !== ''
  )
    return { ok: false, problem: 'foreignUrl' };
  if (!isWebRoutePath(url.pathname)) return { ok: false, problem: 'notAnItem' };
  const segments = url.pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.toLowerCase());
  const target = targetOf(segments);
  if (!target) return { ok: false, problem: 'notAnItem' };
  // Stored as our own address of the page, whatever form it was given in.
  return { ok: true, url: `${base.origin}${url.pathname}${url.search}`, target };
}
