import { describe, expect, it } from 'vitest';
import { rememberSearch, RECENT_SEARCHES_MAX } from './recent-searches';

describe('rememberSearch', () => {
  it('puts the query on top once, trimmed, and keeps at most the limit', () => {
    expect(rememberSearch(['駅弁', '紅葉'], ' 紅葉 ')).toEqual(['紅葉', '駅弁']);
    expect(rememberSearch(['駅弁'], '  ')).toEqual(['駅弁']);
    const many = Array.from({ length: RECENT_SEARCHES_MAX }, (_, i) => `q${i}`);
    expect(rememberSearch(many, 'new')).toHaveLength(RECENT_SEARCHES_MAX);
    expect(rememberSearch(many, 'new')[0]).toBe('new');
  });
});
