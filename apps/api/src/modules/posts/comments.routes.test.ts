import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../../test/auth-client.js';
import { createPostClient, NEAR_TOKYO_STATION, type TestAuth } from '../../../test/post-client.js';
import { createTestApp } from '../../../test/test-app.js';
import { comments, posts } from '../../db/schema/index.js';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
let owner: TestAuth;
let author: TestAuth;
let stranger: TestAuth;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  owner = { token: (await accounts.insertMemberAndLogIn('c-owner@example.jp')).token };
  author = { token: (await accounts.insertMemberAndLogIn('c-author@example.jp')).token };
  stranger = { token: (await accounts.insertMemberAndLogIn('c-stranger@example.jp')).token };
});
afterAll(async () => {
  await ctx?.close();
});

async function newPost() {
  return client.createdPost(owner, { kind: 'spot', title: '話題の場所', ...NEAR_TOKYO_STATION });
}

async function storedCount(postId: string) {
  const [post] = await ctx.db.select().from(posts).where(eq(posts.id, postId));
  const rows = await ctx.db.select().from(comments).where(eq(comments.postId, postId));
  return { counter: post?.commentCount, rows: rows.length };
}

describe('comments', () => {
  it('are written as typed, read by anyone, and counted on the post', async () => {
    const post = await newPost();
    const created = await client.json('POST', `/posts/${post.id}/comments`, author, {
      body: '  <script>alert(1)</script> 素敵！  ',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      status: 201,
      message: 'コメントしました。',
      data: {
        post_id: post.id,
        body: '<script>alert(1)</script> 素敵！',
        user: { name: '駅好き', avatar: null },
      },
    });
    const commentId = created.json().data.id;

    const one = await client.json('GET', `/posts/${post.id}/comments/${commentId}`);
    expect(one.json().data.body).toBe('<script>alert(1)</script> 素敵！');
    expect((await client.json('GET', `/posts/${post.id}`)).json().data.comment_count).toBe(1);

    const empty = await client.json('POST', `/posts/${post.id}/comments`, author, { body: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ body: ['コメントを入力してください。'] });
    const long = await client.json('POST', `/posts/${post.id}/comments`, author, {
      body: 'あ'.repeat(1001),
    });
    expect(long.json().errors).toEqual({ body: ['コメントは1000文字以内で入力してください。'] });

    const missing = await client.json(
      'POST',
      '/posts/01890000-0000-7000-8000-000000000000/comments',
      author,
      { body: 'どこ？' },
    );
    expect(missing.statusCode).toBe(404);
    const wrongPost = await client.json(
      'GET',
      `/posts/${(await newPost()).id}/comments/${commentId}`,
    );
    expect(wrongPost.statusCode).toBe(404);
  });

  it('page oldest first without repeats', async () => {
    const post = await newPost();
    const bodies = Array.from({ length: 7 }, (_, i) => `コメント${i}`);
    for (const body of bodies)
      await client.json('POST', `/posts/${post.id}/comments`, author, { body });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await client.json(
        'GET',
        `/posts/${post.id}/comments?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.statusCode).toBe(200);
      seen.push(...page.json().data.items.map((item: { body: string }) => item.body));
      cursor = page.json().data.next_cursor;
    } while (cursor);
    expect(seen).toEqual(bodies);

    const forged = await client.json('GET', `/posts/${post.id}/comments?cursor=bm9wZQ`);
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors).toHaveProperty('cursor');
    const unknown = await client.json(
      'GET',
      '/posts/01890000-0000-7000-8000-000000000000/comments',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('are edited only by their author and deleted by the author or the post owner', async () => {
    const post = await newPost();
    const first = (
      await client.json('POST', `/posts/${post.id}/comments`, author, { body: '一つ目' })
    ).json().data;
    const second = (
      await client.json('POST', `/posts/${post.id}/comments`, author, { body: '二つ目' })
    ).json().data;
    const url = (id: string) => `/posts/${post.id}/comments/${id}`;

    const byOwner = await client.json('PATCH', url(first.id), owner, { body: '書き換え' });
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json().message).toBe('このコメントを編集する権限がありません。');
    expect((await client.json('PATCH', url(first.id), {}, { body: 'x' })).statusCode).toBe(401);

    const edited = await client.json('PATCH', url(first.id), author, { body: ' 一つ目（編集） ' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ id: first.id, body: '一つ目（編集）' });
    expect(edited.json().data.updated_at >= edited.json().data.created_at).toBe(true);

    const byStranger = await client.json('DELETE', url(first.id), stranger);
    expect(byStranger.statusCode).toBe(403);
    expect(byStranger.json().message).toBe('このコメントを削除する権限がありません。');
    expect((await client.json('DELETE', url(first.id))).statusCode).toBe(401);
    expect(await storedCount(post.id)).toEqual({ counter: 2, rows: 2 });

    expect((await client.json('DELETE', url(first.id), author)).statusCode).toBe(200);
    const byPostOwner = await client.json('DELETE', url(second.id), owner);
    expect(byPostOwner.json()).toMatchObject({
      success: true,
      message: 'コメントを削除しました。',
    });
    expect(await storedCount(post.id)).toEqual({ counter: 0, rows: 0 });
    expect((await client.json('DELETE', url(second.id), owner)).statusCode).toBe(404);
  });

  it('keep comment_count exact under concurrent writes and deletes', async () => {
    const post = await newPost();
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        client.json('POST', `/posts/${post.id}/comments`, i % 2 ? author : stranger, {
          body: `同時${i}`,
        }),
      ),
    );
    expect(created.every((response) => response.statusCode === 201)).toBe(true);
    expect(await storedCount(post.id)).toEqual({ counter: 12, rows: 12 });

    // The same comment deleted twice at once counts once.
    const target = created[0]!.json().data.id;
    const deletes = await Promise.all([
      client.json('DELETE', `/posts/${post.id}/comments/${target}`, stranger),
      client.json('DELETE', `/posts/${post.id}/comments/${target}`, owner),
      client.json('DELETE', `/posts/${post.id}/comments/${created[2]!.json().data.id}`, owner),
    ]);
    expect(deletes.map((response) => response.statusCode).sort()).toEqual([200, 200, 404]);
    expect(await storedCount(post.id)).toEqual({ counter: 10, rows: 10 });
  });
});

describe('limits on writing', () => {
  it('answers 429 with Retry-After once a session has commented 30 times in 10 minutes', async () => {
    const accounts = createAuthClient(ctx, origin);
    const chatty = { token: (await accounts.insertMemberAndLogIn('c-chatty@example.jp')).token };
    const post = await newPost();
    const url = `/posts/${post.id}/comments`;
    for (let i = 0; i < 30; i += 1) {
      expect((await client.json('POST', url, chatty, { body: `${i}番目` })).statusCode).toBe(201);
    }
    const limited = await client.json('POST', url, chatty, { body: '31番目' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(limited.json().message).toContain('しばらく待って');
    // Others are not held back by it.
    expect((await client.json('POST', url, stranger, { body: 'こんにちは' })).statusCode).toBe(201);
    expect((await storedCount(post.id)).rows).toBe(31);
  });
});
