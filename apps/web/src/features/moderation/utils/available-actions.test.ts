import { describe, expect, it } from 'vitest';
import { availableActions } from './available-actions';

describe('availableActions', () => {
  it('offers hide, remove and warn on a visible post, and restore only once hidden', () => {
    expect(availableActions('post', 'visible', true)).toEqual([
      'dismiss',
      'hide',
      'remove',
      'warn',
    ]);
    expect(availableActions('comment', 'hidden', true)).toEqual([
      'dismiss',
      'remove',
      'warn',
      'restore',
    ]);
    expect(availableActions('list', 'removed', false)).toEqual(['dismiss']);
  });

  it('offers warn and suspend on a member, and lifting a suspension while suspended', () => {
    expect(availableActions('user', 'visible', true)).toEqual(['dismiss', 'warn', 'suspend']);
    expect(availableActions('user', 'suspended', true)).toEqual([
      'dismiss',
      'warn',
      'suspend',
      'restore',
    ]);
  });

  it('undoes nothing when the state is unknown (a takedown request)', () => {
    expect(availableActions('post', null, true)).toEqual(['dismiss', 'hide', 'remove', 'warn']);
  });
});
