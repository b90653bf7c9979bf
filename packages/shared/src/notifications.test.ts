import { describe, expect, it } from 'vitest';
import { notificationSentence } from './notifications.js';

describe('notificationSentence', () => {
  it('names a want by what it is on: 行きたい on a spot, 参加したい on an event', () => {
    expect(notificationSentence('want', '葵', 1, 'spot')).toBe(
      '葵さんがあなたのスポットに「行きたい」をつけました',
    );
    expect(notificationSentence('want', '葵', 3, 'event')).toBe(
      '葵さんほか2人があなたのイベントに「参加したい」をつけました',
    );
    // A mail digest groups wants across posts: it says both.
    expect(notificationSentence('want', '葵', 1)).toBe(
      '葵さんがあなたの投稿に「行きたい・参加したい」をつけました',
    );
  });
});
