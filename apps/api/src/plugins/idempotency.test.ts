import zlib from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthClient } from '../../test/auth-client.js';
import { createPostClient, NEAR_TOKYO_STATION, type TestAuth } from '../../test/post-client.js';
import { createTestApp } from '../../test/test-app.js';
import { IDEMPOTENCY_KEYS_PER_MEMBER } from '../db/idempotency-keys.js';
import { comments, idempotencyKeys, likes, users } from '../db/schema/index.js';
import { reactionLimit } from '../modules/posts/rate-limits.js';
import { requestFingerprint } from './idempotency.js';
import { buildIdempotencyKeys } from '../../test/factories.js';

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
  owner = { token: (await accounts.insertMemberAndLogIn('i-owner@example.jp')).token };
  author = { token: (await accounts.insertMemberAndLogIn('i-author@example.jp')).token };
  other = { token: (await accounts.insertMemberAndLogIn('i-other@example.jp')).token };
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

  it('keeps a compressed answer as sent before compression, and replays it encoded again', async () => {
    const post = await newPost();
    const key = crypto.randomUUID();
    const body = '長い感想'.repeat(200);
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v2/posts/${post.id}/comments`,
        headers: {
          origin,
          authorization: `Bearer ${author.token}`,
          'idempotency-key': key,
          'accept-encoding': 'br',
        },
        payload: { body },
      });
    const first = await send();
    expect(first.statusCode).toBe(201);
    expect(first.headers['content-encoding']).toBe('br');
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-encoding']).toBe('br');
    const decoded = (answer: typeof first) =>
      JSON.parse(zlib.brotliDecompressSync(answer.rawPayload).toString());
    expect(decoded(again)).toEqual(decoded(first));
    expect(decoded(first).data.body).toBe(body);
    expect(await commentRows(post.id)).toHaveLength(1);
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
    await buildIdempotencyKeys(ctx.db, [
      {
        userId: me!.id,
        key: stuck,
        request: `POST /api/v2/posts/${post.id}/comments`,
      },
    ]);
    expect((await comment(author, post.id, '止まった', stuck)).statusCode).toBe(409);
    await ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '3 minutes'` })
      .where(eq(idempotencyKeys.key, stuck));
    expect((await comment(author, post.id, '止まった', stuck)).statusCode).toBe(201);
  });

  it('binds a key to its body: another body on the same path is 422, nothing written', async () => {
    const post = await newPost();
    const key = crypto.randomUUID();
    const first = await comment(author, post.id, '最初のコメント', key);
    expect(first.statusCode).toBe(201);
    const second = await comment(author, post.id, '別の内容のコメント', key);
    expect(second.statusCode).toBe(422);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json()).toMatchObject({
      success: false,
      status: 422,
      code: 'VALIDATION_FAILED',
      message:
        'この Idempotency-Key は内容の違うリクエストに使われています。内容を変えて送るときは新しいキーを使ってください。',
      errors: { 'Idempotency-Key': [expect.stringContaining('内容の違う')] },
    });
    expect((await commentRows(post.id)).map((row) => row.body)).toEqual(['最初のコメント']);
    // The same body again is still the first answer, replayed (an offline queue's retry).
    const retry = await comment(author, post.id, '最初のコメント', key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });

  it('ignores a body on a route that reads none: a like is the same like with or without', async () => {
    const post = await newPost();
    const key = crypto.randomUUID();
    const like = (payload?: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v2/posts/${post.id}/like`,
        headers: { origin, authorization: `Bearer ${author.token}`, 'idempotency-key': key },
        ...(payload && { payload }),
      });
    const first = await like();
    expect(first.statusCode).toBe(200);
    const again = await like({ note: 'ignored' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('fingerprints the request, not the order its fields were sent in', () => {
    const path = '/api/v2/stations/1130101/check-in';
    const sent = { latitude: 35.68, longitude: 139.76, measured_at: '2026-11-28T10:00:00Z' };
    const reordered = { measured_at: '2026-11-28T10:00:00Z', longitude: 139.76, latitude: 35.68 };
    expect(requestFingerprint('POST', path, sent)).toBe(
      requestFingerprint('POST', path, reordered),
    );
    expect(requestFingerprint('POST', path, sent)).not.toBe(
      requestFingerprint('POST', path, { ...sent, latitude: 35.69 }),
    );
    expect(requestFingerprint('POST', path, undefined)).not.toBe(
      requestFingerprint('DELETE', path, undefined),
    );
    expect(requestFingerprint('POST', path, { a: { b: 1, c: 2 } })).toBe(
      requestFingerprint('POST', path, { a: { c: 2, b: 1 } }),
    );
  });

  it(`keeps at most ${IDEMPOTENCY_KEYS_PER_MEMBER} keys of a member, dropping the oldest`, async () => {
    const accounts = createAuthClient(ctx, origin);
    const keeper = await accounts.insertMemberAndLogIn('i-keeper@example.jp');
    const [me] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'i-keeper@example.jp'));
    // 600 answered keys of the last hour, the oldest first.
    await ctx.db.execute(sql`
      insert into idempotency_keys (user_id, key, request, fingerprint, status_code, body, created_at)
      select ${me!.id}::uuid, 'old-key-' || lpad(g::text, 4, '0'), 'DELETE /api/v2/posts/x/like',
        'f', 200, '{}', now() - interval '1 hour' + g * interval '1 second'
      from generate_series(1, 600) g`);
    const post = await newPost();
    expect(
      (await comment({ token: keeper.token }, post.id, '新しいキー', 'new-key-0001')).statusCode,
    ).toBe(201);
    const kept = await ctx.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, me!.id));
    expect(kept).toHaveLength(IDEMPOTENCY_KEYS_PER_MEMBER);
    const keys = new Set(kept.map((row) => row.key));
    expect(keys.has('new-key-0001')).toBe(true);
    expect(keys.has('old-key-0600')).toBe(true);
    expect(keys.has('old-key-0101')).toBe(false);
    // The other members' keys are untouched.
    expect((await ctx.db.select().from(idempotencyKeys)).length).toBeGreaterThan(
      IDEMPOTENCY_KEYS_PER_MEMBER,
    );
  });

  it('limits keyed likes and unlikes: a flood is refused with 429 and leaves few rows', async () => {
    const accounts = createAuthClient(ctx, origin);
    const flooder = await accounts.insertMemberAndLogIn('i-flooder@example.jp');
    const [me] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'i-flooder@example.jp'));
    const post = await newPost();
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
    for (let i = 0; i < reactionLimit.perMember + 20; i += 1) {
      const answer = await ctx.app.inject({
        method: i % 2 === 0 ? 'POST' : 'DELETE',
        url: `/api/v2/posts/${post.id}/like`,
        headers: {
          origin,
          authorization: `Bearer ${flooder.token}`,
          'idempotency-key': crypto.randomUUID(),
        },
      });
      statuses.push(answer.statusCode);
      if (answer.statusCode === 429) refused ??= answer;
    }
    expect(statuses.slice(0, reactionLimit.perMember).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(reactionLimit.perMember).every((status) => status === 429)).toBe(true);
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused!.json()).toMatchObject({
      success: false,
      status: 429,
      code: 'RATE_LIMITED',
      message:
        'いいねや「行きたい」の操作が短い時間に続いています。少し待ってからもう一度お試しください。',
    });
    const rows = await ctx.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, me!.id));
    expect(rows).toHaveLength(reactionLimit.perMember);
    expect(await ctx.db.select().from(likes).where(eq(likes.postId, post.id))).toHaveLength(0);
  });
});
