import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createPostClient, NEAR_TOKYO_STATION, type TestAuth } from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { notificationInSight } from '../../db/moderated.js';
import { comments, notifications, posts as postsTable, users } from '../../db/schema/index.js';

/**
 * The notification list's groups are kept by triggers (migrations/0013_notification_groups.sql,
 * 0019_notifications_in_sight.sql); whatever happens to the notifications, and to what they are
 * about (hidden posts and comments, suspended members), they must equal a grouping made from
 * scratch with the one visibility rule's TypeScript copy (`notificationInSight`).
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
const origin = 'http://localhost:3000';
const members: (TestAuth & { id: string })[] = [];

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  members.push(...(await accounts.members('grouped', 8)));
});
afterAll(async () => {
  await ctx?.close();
});

const m = (i: number) => members[i]!;
const json = (...args: Parameters<ReturnType<typeof createPostClient>['json']>) =>
  client.json(...args);
const newSpot = (owner: number) =>
  client.createdPost(m(owner), { kind: 'spot', title: 'まとめのスポット', ...NEAR_TOKYO_STATION });

interface GroupFacts {
  key: string;
  ids: string[];
  actor_count: number;
  unread_count: number;
}

/** The groups as the list showed them before they were kept: grouped from every notification. */
async function groupedFromScratch(): Promise<GroupFacts[]> {
  const rows = await ctx.db.execute(sql`
    select n.user_id || '/' || n.type || '/' || n.target_key || '/' ||
        ((n.created_at at time zone 'Asia/Tokyo')::date)::text as key,
      array_agg(n.id order by n.created_at desc, n.id desc) as ids,
      count(*)::int as actor_count,
      (count(*) filter (where n.read_at is null))::int as unread_count
    from ${notifications} n
    where not exists (select 1 from blocks b where b.blocker_id = n.user_id and b.blocked_id = n.actor_id)
      and not exists (select 1 from mutes u where u.muter_id = n.user_id and u.muted_id = n.actor_id)
      and ${notificationInSight({
        type: sql`n.type`,
        userId: sql`n.user_id`,
        actorId: sql`n.actor_id`,
        postId: sql`n.post_id`,
        commentId: sql`n.comment_id`,
      })}
    group by 1 order by 1`);
  return (rows as unknown as { rows: GroupFacts[] }).rows;
}

async function keptGroups(): Promise<GroupFacts[]> {
  const rows = await ctx.db.execute(sql`
    select user_id || '/' || type || '/' || target_key || '/' || day::text as key,
      ids, actor_count, unread_count
    from notification_groups where actor_count > 0 order by 1`);
  return (rows as unknown as { rows: GroupFacts[] }).rows;
}

/** A fixed sequence of pseudo-random numbers (the same run every time). */
function sequence(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    // The high bits: the low ones of this generator repeat with a short period.
    return Math.floor(state / 65_536) % below;
  };
}

describe('notification groups', () => {
  it('count every like of a burst that arrives at once', async () => {
    const post = await newSpot(0);
    const likers = members.slice(1);
    const answers = await Promise.all(
      likers.map((member) => json('POST', `/posts/${post.id}/like`, member)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(likers.map(() => 200));
    const response = await json('GET', '/notifications?limit=50', m(0));
    const group = (
      response.json().data.items as {
        type: string;
        target: { post: { id: string } | null };
        actor_count: number;
      }[]
    ).find((item) => item.type === 'like' && item.target.post?.id === post.id);
    expect(group?.actor_count).toBe(likers.length);
    expect(await keptGroups()).toEqual(await groupedFromScratch());
  });

  it('equal a grouping from scratch through likes, comments, blocks, mutes, reads, moves, deletions, hides and suspensions', async () => {
    const next = sequence(2026);
    const owners = [0, 1];
    const postsOf = new Map<number, string[]>();
    for (const owner of owners)
      postsOf.set(owner, [(await newSpot(owner)).id, (await newSpot(owner)).id]);
    const pick = <T>(values: readonly T[]) => values[next(values.length)]!;
    // Actors are the members who own no posts here.
    const anActor = () => 2 + next(members.length - 2);

    for (let step = 0; step < 120; step += 1) {
      const owner = pick(owners);
      const actor = anActor();
      const posts = postsOf.get(owner)!;
      const post = pick(posts);
      switch (next(12)) {
        case 0:
        case 1:
          await json('POST', `/posts/${post}/like`, m(actor));
          break;
        case 2:
          await json('DELETE', `/posts/${post}/like`, m(actor));
          break;
        case 3:
          await json('POST', `/posts/${post}/comments`, m(actor), { body: `コメント${step}` });
          break;
        case 4:
          await json(next(2) ? 'POST' : 'DELETE', `/users/${m(actor).id}/block`, m(owner));
          break;
        case 5:
          await json(next(2) ? 'POST' : 'DELETE', `/users/${m(actor).id}/mute`, m(owner));
          break;
        case 6:
          await json('POST', '/notifications/read', m(owner), {});
          break;
        case 7: {
          // An older notification moves to another day (as a refreshed comment does).
          const [row] = await ctx.db
            .select({ id: notifications.id })
            .from(notifications)
            .where(eq(notifications.userId, m(owner).id))
            .limit(1);
          if (row)
            await ctx.db
              .update(notifications)
              .set({ createdAt: sql`${notifications.createdAt} - interval '1 day'` })
              .where(eq(notifications.id, row.id));
          break;
        }
        case 9:
          // A moderator hides the post, or shows it again.
          await ctx.db
            .update(postsTable)
            .set({ hiddenAt: sql`case when ${postsTable.hiddenAt} is null then now() end` })
            .where(eq(postsTable.id, post));
          break;
        case 10: {
          const [row] = await ctx.db
            .select({ id: comments.id })
            .from(comments)
            .where(eq(comments.postId, post))
            .limit(1);
          if (row)
            await ctx.db
              .update(comments)
              .set({ hiddenAt: sql`case when ${comments.hiddenAt} is null then now() end` })
              .where(eq(comments.id, row.id));
          break;
        }
        case 11:
          // An actor is suspended, or their suspension lifted or run out.
          await ctx.db
            .update(users)
            .set({
              suspendedUntil: next(2)
                ? sql`now() + interval '1 day'`
                : next(2)
                  ? null
                  : sql`now() - interval '1 second'`,
            })
            .where(eq(users.id, m(actor).id));
          break;
        default:
          if (step % 30 === 8) {
            await json('DELETE', `/posts/${post}`, m(owner));
            posts.splice(posts.indexOf(post), 1, (await newSpot(owner)).id);
          } else await json('POST', `/posts/${post}/want`, m(actor));
      }
      if (step % 5 === 4) expect(await keptGroups()).toEqual(await groupedFromScratch());
    }
    expect((await groupedFromScratch()).length).toBeGreaterThan(4);
  });
});
