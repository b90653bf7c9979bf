import 'fake-indexeddb/auto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAY_HEADER } from '@ekispot/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { flushQueue } from './flush-queue';
import type { QueueEvent } from './flush-queue';
import { backoffMs, outcomeOf } from './queued-action';
import type { QueuedAction } from './queued-action';
import { indexedDbQueueStore } from './queue-store';

/** The real IndexedDB store (`ekispot-queue`), on fake-indexeddb's IndexedDB. */
const store = indexedDbQueueStore();

let seq = 0;
function action(path: string, overrides: Partial<QueuedAction> = {}): QueuedAction {
  seq += 1;
  return {
    // Keys that sort the other way round from the order of making: IndexedDB lists by key.
    key: `key-${String(999 - seq).padStart(3, '0')}-abcdefgh`,
    seq,
    method: 'POST',
    path,
    body: null,
    target: { kind: 'reaction', postId: path, reaction: 'like', on: true },
    owner: 'u1',
    createdAt: 0,
    attempts: 0,
    notBefore: 0,
    ...overrides,
  };
}

type Answer = { status: number; body?: unknown; replayed?: boolean } | 'network-error';

/** A server that answers each path in turn from its list, and records what it was sent. */
function server(answers: Record<string, Answer[]>) {
  const sent: { path: string; method: string; key: string | null; body: unknown }[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace('/api/v2', '');
    const headers = new Headers(init?.headers);
    sent.push({
      path,
      method: init?.method ?? 'GET',
      key: headers.get(IDEMPOTENCY_KEY_HEADER),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
    });
    const answer = answers[path]?.shift() ?? { status: 200 };
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer.body ?? { success: true, data: {} }), {
      status: answer.status,
      headers: answer.replayed ? { [IDEMPOTENT_REPLAY_HEADER]: 'true' } : {},
    });
  }) as typeof fetch;
  return { sent, fetchFn };
}

function recorder() {
  const events: QueueEvent[] = [];
  return { events, notify: (event: QueueEvent) => events.push(event) };
}

const NOW = 1_000_000;
/** The session as the page last learned it: member u1. */
const asMember = async () => 'u1';

beforeEach(async () => {
  await store.clear();
});

describe('flushQueue', () => {
  it('sends every action once, oldest first, each with its own key and body, and empties the queue', async () => {
    const first = action('/posts/a/like');
    const second = action('/posts/a/comments', { body: { body: 'こんにちは' } });
    const third = action('/posts/b/like', { method: 'DELETE' });
    // Put in another order than made: the queue goes by when the member acted.
    for (const item of [third, first, second]) await store.put(item);
    const { sent, fetchFn } = server({});
    const { events, notify } = recorder();

    expect(await flushQueue({ store, fetchFn, notify, owner: asMember, now: () => NOW })).toBe(0);

    expect(sent).toEqual([
      { path: '/posts/a/like', method: 'POST', key: first.key, body: null },
      { path: '/posts/a/comments', method: 'POST', key: second.key, body: { body: 'こんにちは' } },
      { path: '/posts/b/like', method: 'DELETE', key: third.key, body: null },
    ]);
    expect(events.map((event) => event.type)).toEqual(['sent', 'sent', 'sent']);
    expect(await store.list()).toEqual([]);
    // A second flush sends nothing again.
    expect(await flushQueue({ store, fetchFn, notify, owner: asMember, now: () => NOW })).toBe(0);
    expect(sent).toHaveLength(3);
  });

  it('reports a refusal with the server’s message, never sends it again, and goes on', async () => {
    const refused = action('/posts/gone/like');
    const next = action('/posts/a/like');
    await store.put(refused);
    await store.put(next);
    const { sent, fetchFn } = server({
      '/posts/gone/like': [
        { status: 404, body: { success: false, message: '投稿が見つかりません' } },
      ],
    });
    const { events, notify } = recorder();

    expect(await flushQueue({ store, fetchFn, notify, owner: asMember, now: () => NOW })).toBe(0);

    expect(sent.map((request) => request.path)).toEqual(['/posts/gone/like', '/posts/a/like']);
    expect(events[0]).toMatchObject({
      type: 'refused',
      action: { key: refused.key, refusal: { status: 404, message: '投稿が見つかりません' } },
    });
    expect(events[1]).toMatchObject({ type: 'sent', action: { key: next.key } });
    // Kept only to be told, marked: the next flush does not send it.
    expect(await store.list()).toMatchObject([{ key: refused.key, refusal: { status: 404 } }]);
    await flushQueue({ store, fetchFn, notify, owner: asMember, now: () => NOW });
    expect(sent).toHaveLength(2);
  });

  it.each([
    ['a network error', 'network-error' as const],
    ['a 500', { status: 500 }],
    ['a 503', { status: 503 }],
    ['a 429', { status: 429 }],
    ['a 408', { status: 408 }],
    ['the 409 of the same key still running', { status: 409 }],
  ])('keeps an action after %s, backs off, and sends nothing after it', async (_name, answer) => {
    const first = action('/posts/a/like');
    const second = action('/posts/b/like');
    await store.put(first);
    await store.put(second);
    const { sent, fetchFn } = server({ '/posts/a/like': [answer] });
    const { events, notify } = recorder();

    expect(await flushQueue({ store, fetchFn, notify, owner: asMember, now: () => NOW })).toBe(2);

    expect(sent.map((request) => request.path)).toEqual(['/posts/a/like']);
    expect(events).toEqual([{ type: 'changed' }]);
    const [kept, waiting] = await store.list();
    expect(kept).toMatchObject({ key: first.key, attempts: 1, notBefore: NOW + backoffMs(1) });
    expect(kept?.refusal).toBeUndefined();
    expect(waiting).toEqual(second);

    // Before the backoff is over nothing goes out; after it, the same key again, then the next.
    expect(
      await flushQueue({ store, fetchFn, notify, owner: asMember, now: () => NOW + 1_000 }),
    ).toBe(2);
    expect(sent).toHaveLength(1);
    expect(
      await flushQueue({ store, fetchFn, notify, owner: asMember, now: () => NOW + backoffMs(1) }),
    ).toBe(0);
    expect(sent.map((request) => request.key)).toEqual([first.key, first.key, second.key]);
    expect(await store.list()).toEqual([]);
  });

  it('backs off longer after each failed attempt, up to five minutes', async () => {
    await store.put(action('/posts/a/like'));
    const { fetchFn } = server({ '/posts/a/like': Array(10).fill({ status: 502 }) });
    const { notify } = recorder();
    let now = NOW;
    const waits: number[] = [];
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await flushQueue({ store, fetchFn, notify, owner: asMember, now: () => now });
      const [kept] = await store.list();
      waits.push(kept!.notBefore - now);
      now = kept!.notBefore;
    }
    expect(waits).toEqual([5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000]);
  });

  it('takes a replayed 409 (a stamp already collected) as the server’s answer', async () => {
    const stamp = action('/stations/1130101/stamp', {
      target: { kind: 'stamp', stationGroupId: 1130101, measuredAt: '2026-11-26T00:00:00Z' },
    });
    await store.put(stamp);
    const message = 'この駅のスタンプはもう押してあります。';
    const { sent, fetchFn } = server({
      // The first attempt meets the conflict: not marked as replayed, so tried again, and the
      // server answers it again from the key, marked.
      '/stations/1130101/stamp': [
        { status: 409, body: { success: false, message } },
        { status: 409, body: { success: false, message }, replayed: true },
      ],
    });
    const { events, notify } = recorder();

    expect(await flushQueue({ store, fetchFn, notify, owner: asMember, now: () => NOW })).toBe(1);
    expect(
      await flushQueue({ store, fetchFn, notify, owner: asMember, now: () => NOW + backoffMs(1) }),
    ).toBe(0);

    expect(sent.map((request) => request.key)).toEqual([stamp.key, stamp.key]);
    expect(events.at(-1)).toMatchObject({
      type: 'refused',
      action: { key: stamp.key, refusal: { status: 409, message } },
    });
  });
});

describe('flushQueue and whose actions they are', () => {
  it('sends only the session owner’s actions and drops another member’s, never sending them', async () => {
    const theirs = action('/posts/a/like', { owner: 'u1' });
    const older = action('/posts/b/like', { owner: undefined });
    const mine = action('/posts/c/like', { owner: 'u2' });
    for (const item of [theirs, older, mine]) await store.put(item);
    const { sent, fetchFn } = server({});
    const { events, notify } = recorder();

    const owner = async () => 'u2';
    expect(await flushQueue({ store, fetchFn, notify, owner, now: () => NOW })).toBe(0);

    // u1's like and the one kept before owners were recorded are nobody's to send as u2.
    expect(sent.map((request) => request.key)).toEqual([mine.key]);
    expect(events.map((event) => event.type)).toEqual(['changed', 'changed', 'sent']);
    expect(await store.list()).toEqual([]);
  });

  it('drops every action once the session has ended (a visitor owns none)', async () => {
    await store.put(action('/posts/a/like'));
    const { sent, fetchFn } = server({});
    const { notify } = recorder();
    const visitor = async () => null;

    expect(await flushQueue({ store, fetchFn, notify, owner: visitor, now: () => NOW })).toBe(0);
    expect(sent).toEqual([]);
    expect(await store.list()).toEqual([]);
  });

  it('sends nothing while the session is not known (a login under way), and keeps everything', async () => {
    const first = action('/posts/a/like');
    await store.put(first);
    const { sent, fetchFn } = server({});
    const { notify } = recorder();
    const unknown = async () => undefined;

    expect(await flushQueue({ store, fetchFn, notify, owner: unknown, now: () => NOW })).toBe(1);
    expect(sent).toEqual([]);
    expect(await store.list()).toEqual([first]);
  });

  it('asks whose session it is before each send: a login in between stops the rest', async () => {
    const first = action('/posts/a/like');
    const second = action('/posts/b/like');
    await store.put(first);
    await store.put(second);
    const { sent, fetchFn } = server({});
    const { notify } = recorder();
    // Another tab signs someone in while the first action is on its way.
    const owners: (string | undefined)[] = ['u1', 'u2'];
    const owner = async () => owners.shift() ?? 'u2';

    expect(await flushQueue({ store, fetchFn, notify, owner, now: () => NOW })).toBe(0);
    expect(sent.map((request) => request.key)).toEqual([first.key]);
    expect(await store.list()).toEqual([]);
  });
});

describe('outcomeOf', () => {
  it('reads an answer by its status and whether it was replayed', () => {
    expect(outcomeOf({ status: 200, replayed: false })).toBe('sent');
    expect(outcomeOf({ status: 201, replayed: true })).toBe('sent');
    expect(outcomeOf({ status: 409, replayed: false })).toBe('retry');
    expect(outcomeOf({ status: 409, replayed: true })).toBe('refused');
    expect(outcomeOf({ status: 422, replayed: false })).toBe('refused');
    expect(outcomeOf({ status: 404, replayed: false })).toBe('refused');
    expect(outcomeOf({ status: 500, replayed: false })).toBe('retry');
  });
});
