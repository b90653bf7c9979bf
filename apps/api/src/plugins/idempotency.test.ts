import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../test/auth-client.js';
import { createPostClient, NEAR_TOKYO_STATION, type TestAuth } from '../../test/post-client.js';
import { createTestApp } from '../../test/test-app.js';
import { comments, idempotencyKeys, users } from '../db/schema/index.js';

/** Writes sent with an Idempotency-Key are done once (docs/architecture.md#idempotent-writes). */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let client: ReturnType<typeof createPostClient>;
let owner: TestAuth;
let author: TestAuth;
let other: TestAuth;
const origin = 'http://localhost:3000';

beforeAll(async () => {
  ctx = await createTestApp({ PUBLIC_URL: origin });
  client = createPostClient(ctx, origin);
  const accounts = createAuthClient(ctx, origin);
  owner = { token: (await accounts.registerAndVerify('i-owner@example.jp')).token };
  author = { token: (await accounts.registerAndVerify('i-author@example.jp')).token };
  other = { token: (await accounts.registerAndVerify('i-other@example.jp')).token };
});
afterAll(async () => {
  await ctx?.close();
});

const newPost = () =>
  client.createdPost(owner, { kind: 'spot', title: '再送の場所', ...NEAR_TOKYO_STATION });

function comment(auth: TestAuth, postId: string, body: string, key?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v2/posts/${postId}/comments`,
    headers: {
      origin,
      authorization: `Bearer ${auth.token}`,
      ...(key !== undefined && { 'idempotency-key': key }),
    },
    payload: { body },
  });
}

async function commentRows(postId: string) {
  return ctx.db.select().from(comments).where(eq(comments.postId, postId));
}

describe('Idempotency-Key', () => {
  it('answers a retry with the first answer and writes one comment', async () => {
    const post = await newPost();
    const key = crypto.randomUUID();
    const first = await comment(author, post.id, '一度だけ届くはず', key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await comment(author, post.id, '一度だけ届くはず', key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.json()).toEqual(first.json());
    expect(await commentRows(post.id)).toHaveLength(1);
    expect((await client.json('GET', `/posts/${post.id}`)).json().data.comment_count).toBe(1);

    // Another key is another comment; no key at all changes nothing.
    expect((await comment(author, post.id, '二つ目', crypto.randomUUID())).statusCode).toBe(201);
    expect((await comment(author, post.id, '三つ目')).statusCode).toBe(201);
    expect(await commentRows(post.id)).toHaveLength(3);
  });

  it("keeps each member's keys apart", async () => {
    const post = await newPost();
    const key = 'shared-key-0001';
    expect((await comment(author, post.id, '私の', key)).statusCode).toBe(201);
    const theirs = await comment(other, post.id, 'あなたの', key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect((await commentRows(post.id)).map((row) => row.body).sort()).toEqual(
      ['あなたの', '私の'].sort(),
    );
  });

  it('refuses the key on another request (422) and a malformed key, in Japanese', async () => {
    const [one, two] = [await newPost(), await newPost()];
    const key = crypto.randomUUID();
    expect((await comment(author, one.id, 'こちら', key)).statusCode).toBe(201);
    const elsewhere = await comment(author, two.id, 'あちら', key);
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      errors: { 'Idempotency-Key': [expect.stringContaining('別の操作')] },
    });
    expect(await commentRows(two.id)).toHaveLength(0);

    for (const bad of ['short', 'x'.repeat(129), 'has space 1234', 'slash/key/1234']) {
      const refused = await comment(author, one.id, '変なキー', bad);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors['Idempotency-Key'][0]).toMatch(/8〜128文字/);
    }
    expect(await commentRows(one.id)).toHaveLength(1);
  });

  it('replays a refusal, and lets a rate-limited or failed request run again', async () => {
    const key = crypto.randomUUID();
    const missing = '00000000-0000-4000-8000-000000000000';
    const refused = await comment(author, missing, '消えた投稿へ', key);
    expect(refused.statusCode).toBe(404);
    const replayed = await comment(author, missing, '消えた投稿へ', key);
    expect(replayed.statusCode).toBe(404);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(refused.json());

    // A 5xx leaves no answer behind: the key is free for the retry.
    const post = await newPost();
    const failing = crypto.randomUUID();
    const [author_] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'i-author@example.jp'));
    await ctx.db.execute(
      sql`create or replace function ekispot_test_fail() returns trigger language plpgsql as $$ begin raise exception 'test failure'; end $$`,
    );
    await ctx.db.execute(
      sql`create trigger ekispot_test_fail before insert on comments for each row execute function ekispot_test_fail()`,
    );
    try {
      expect((await comment(author, post.id, '失敗する', failing)).statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql`drop trigger ekispot_test_fail on comments`);
    }
    const held = await ctx.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, author_!.id), eq(idempotencyKeys.key, failing)));
    expect(held).toHaveLength(0);
    const retried = await comment(author, post.id, '失敗する', failing);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('does the write once when the same key arrives twice at the same time', async () => {
    const post = await newPost();
    const key = crypto.randomUUID();
    const answers = await Promise.all([
      comment(author, post.id, '同時', key),
      comment(author, post.id, '同時', key),
      comment(author, post.id, '同時', key),
    ]);
    expect(await commentRows(post.id)).toHaveLength(1);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // One ran; the others either waited for its answer or were told it is still running.
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers)
      if (answer.statusCode === 409) expect(answer.json().message).toMatch(/処理しています/);
      else expect(answer.statusCode).toBe(201);
  });

  it('forgets a key after a day, and takes over a key whose request never answered', async () => {
    const post = await newPost();
    const key = crypto.randomUUID();
    expect((await comment(author, post.id, '昨日の', key)).statusCode).toBe(201);
    await ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.key, key));
    const later = await comment(author, post.id, '昨日の', key);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await commentRows(post.id)).toHaveLength(2);

    // A claim whose process died: held while young (409), taken over once abandoned.
    const stuck = crypto.randomUUID();
    const [me] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'i-author@example.jp'));
    await ctx.db.insert(idempotencyKeys).values({
      userId: me!.id,
      key: stuck,
      request: `POST /api/v2/posts/${post.id}/comments`,
    });
    expect((await comment(author, post.id, '止まった', stuck)).statusCode).toBe(409);
    await ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '3 minutes'` })
      .where(eq(idempotencyKeys.key, stuck));
    expect((await comment(author, post.id, '止まった', stuck)).statusCode).toBe(201);
  });
});
