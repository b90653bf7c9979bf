import { describe, expect, it } from 'vitest';
import type { QueuedAction } from '../lib/action-queue/queued-action';
import { noticeOf } from './queued-action-notice';

const refused = (
  target: QueuedAction['target'],
  status: number,
  message: string,
): QueuedAction => ({
  key: 'key-abcdefgh',
  seq: 1,
  method: 'POST',
  path: '/x',
  body: null,
  target,
  createdAt: 0,
  attempts: 0,
  notBefore: 0,
  refusal: { status, message },
});

describe('noticeOf', () => {
  const stamp = {
    kind: 'stamp',
    stationGroupId: 1130101,
    measuredAt: '2026-11-26T00:00:00Z',
  } as const;

  it('says a queued action was not sent, in the server’s words', () => {
    expect(
      noticeOf(
        refused({ kind: 'comment', postId: 'p', body: 'やあ' }, 404, '投稿が見つかりません。'),
      ),
    ).toBe('オフライン中の操作を送信できませんでした：投稿が見つかりません。');
    expect(noticeOf(refused(stamp, 422, '24時間より前の位置では押せません。'))).toBe(
      'オフライン中の操作を送信できませんでした：24時間より前の位置では押せません。',
    );
  });

  it('tells a stamp already collected as the server says it, not as a failure', () => {
    expect(noticeOf(refused(stamp, 409, 'この駅のスタンプはもう押してあります。'))).toBe(
      'この駅のスタンプはもう押してあります。',
    );
  });

  it('has words of its own when the server gave none', () => {
    expect(
      noticeOf(refused({ kind: 'reaction', postId: 'p', reaction: 'like', on: true }, 400, '')),
    ).toBe('オフライン中の操作を送信できませんでした：時間をおいてもう一度お試しください。');
  });
});
