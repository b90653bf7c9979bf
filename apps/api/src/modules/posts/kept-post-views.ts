import type { Post } from '@ekispot/shared';
import type { Database } from '../../db/database.js';
import { KEPT_MAX_AGE_MS } from '../../lib/kept-values.js';
import { presentPost } from './post-presenter.js';
import * as repository from './posts.repository.js';
import { findMemberOverlays, type MemberOverlay } from './timeline-window.repository.js';

/**
 * Posts as the timelines show them, kept between writes (docs/timelines.md#reading): each post
 * as a visitor sees it, shaped for the wire once and kept for the write generation; a member's
 * copy is that post with what differs for them laid over, read in one query per page.
 */

/** A post shown in a timeline, with its place in timeline order. */
export interface ShownPost {
  /** created_at in microseconds, as decimal text (lib/page-cursor.ts). */
  micros: string;
  post: Post;
}

export interface KeptPostViewsOptions {
  db: Database;
  generation: () => number;
  now?: () => number;
  maxAgeMs?: number;
}

const shown = (row: repository.PostViewRow): ShownPost => ({
  micros: row.micros,
  post: presentPost(row),
});

/** The member's copy: their reactions, and the counts and parent their own view changes. */
function overlaid(post: Post, overlay: MemberOverlay): Post {
  return {
    ...post,
    liked: overlay.liked,
    wanted: overlay.wanted,
    // Theirs out of everyone's sight they still see; those of members they blocked or muted not.
    comment_count: post.comment_count + overlay.ownHiddenComments - overlay.relatedComments,
    child_count: post.child_count + overlay.ownHiddenChildren,
    parent:
      overlay.ownHiddenParent && post.parent_post_id
        ? { id: post.parent_post_id, ...overlay.ownHiddenParent }
        : post.parent,
  };
}

export function createKeptPostViews(options: KeptPostViewsOptions) {
  const { db } = options;
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? KEPT_MAX_AGE_MS;
  let kept = { generation: -1, at: 0, posts: new Map<string, ShownPost>() };

  /** The posts of `ids` a visitor may see, as a visitor sees them. */
  async function visitorViews(ids: string[]): Promise<Map<string, ShownPost>> {
    const generation = options.generation();
    if (kept.generation !== generation || now() - kept.at > maxAgeMs)
      kept = { generation, at: now(), posts: new Map() };
    const current = kept;
    const missing = ids.filter((id) => !current.posts.has(id));
    if (missing.length === 0) return current.posts;
    const found = await repository.findPostViewsByIds(db, missing, null);
    // Read across a write: used for this page, not kept.
    const into = options.generation() === generation ? current.posts : new Map(current.posts);
    for (const row of found) into.set(row.post.id, shown(row));
    return into;
  }

  return {
    /** The visitor's posts of `ids`, in the order given. */
    async forVisitor(ids: string[]): Promise<ShownPost[]> {
      const views = await visitorViews(ids);
      return ids.flatMap((id) => views.get(id) ?? []);
    },

    /**
     * A member's posts of `ids`, in the order given: the visitor's with what differs for them
     * laid over, or, when a post is out of a visitor's sight (their own hidden one), read for
     * them whole. `hiddenAuthors`: the members they blocked or muted.
     */
    async forMember(ids: string[], viewerId: string, hiddenAuthors: string[]) {
      const views = await visitorViews(ids);
      if (!ids.every((id) => views.has(id)))
        return (await repository.findPostViewsByIds(db, ids, viewerId)).map(shown);
      const overlays = await findMemberOverlays(db, ids, viewerId, hiddenAuthors);
      const overlayOf = new Map(overlays.map((overlay) => [overlay.id, overlay]));
      return ids.map((id) => {
        const view = views.get(id)!;
        return { micros: view.micros, post: overlaid(view.post, overlayOf.get(id)!) };
      });
    },
  };
}
