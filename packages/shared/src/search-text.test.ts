import { describe, expect, it } from 'vitest';
import {
  extractHashtags,
  matchesWordMute,
  normalizeSearchText,
  normalizeWordMute,
  parseSearchQuery,
  searchTokens,
  splitHashtags,
} from './search-text.js';

describe('normalizeSearchText', () => {
  it('folds hiragana, katakana and half-width katakana to one spelling', () => {
    expect(normalizeSearchText('サクラ')).toBe('さくら');
    expect(normalizeSearchText('ｻｸﾗ')).toBe('さくら');
    expect(normalizeSearchText('さくら')).toBe('さくら');
  });
  it('folds width, case, small kana and long vowels', () => {
    expect(normalizeSearchText('ＴＯＫＹＯ　２０２６')).toBe('tokyo 2026');
    expect(normalizeSearchText('ラーメン')).toBe(normalizeSearchText('らあめん'));
    expect(normalizeSearchText('ｷｯﾌﾟ')).toBe('きつぷ');
    expect(normalizeSearchText('きっぷ')).toBe('きつぷ');
    expect(normalizeSearchText('  a \n b ')).toBe('a b');
  });
});

describe('searchTokens', () => {
  it('holds the characters, their pairs within a run, and the words', () => {
    const tokens = searchTokens('名物の駅弁');
    expect(tokens).toEqual(expect.arrayContaining(['駅', '弁', '駅弁', 'の駅']));
    expect(tokens.some((token) => token.startsWith('w:'))).toBe(true);
    expect(searchTokens('駅と弁当')).not.toContain('駅弁');
    // Punctuation ends a run: no pair across it.
    expect(searchTokens('駅、弁当')).not.toContain('駅弁');
  });
});

describe('parseSearchQuery', () => {
  it('needs pairs for longer terms and the character for one', () => {
    expect(parseSearchQuery('駅弁').terms[0]!.tokens).toEqual(['駅弁']);
    expect(parseSearchQuery('桜').terms[0]!.tokens).toEqual(['桜']);
    expect(parseSearchQuery('ｻｸﾗ').terms[0]!.text).toBe('さくら');
  });
  it('keeps quoted phrases, takes #tags apart and drops bare punctuation', () => {
    const parsed = parseSearchQuery('"駅弁 写真" ＃紅葉 ！！');
    expect(parsed.terms.map((term) => term.text)).toEqual(['駅弁 写真']);
    expect(parsed.tags).toEqual(['紅葉']);
  });
});

describe('hashtags', () => {
  it('finds Japanese, Latin and digit tags, folding ＃ and case', () => {
    expect(extractHashtags('今日は＃紅葉 と #紅葉、#Tokyo2026 #1 x#y')).toEqual([
      '紅葉',
      'tokyo2026',
    ]);
    expect(extractHashtags('https://example.com/#anchor &#123;')).toEqual([]);
  });
  it('splits text into parts with the tags as links', () => {
    expect(splitHashtags('秋の＃紅葉です')).toEqual([
      { text: '秋の' },
      { text: '＃紅葉です', tag: '紅葉です' },
    ]);
    expect(splitHashtags('見頃 #紅葉 です')).toEqual([
      { text: '見頃 ' },
      { text: '#紅葉', tag: '紅葉' },
      { text: ' です' },
    ]);
  });
});

describe('word mutes', () => {
  it('match the folded phrase or the tag', () => {
    const text = { text: normalizeSearchText('ｻｸﾗが満開'), tags: ['紅葉'] };
    expect(matchesWordMute({ text: normalizeWordMute('さくら') }, text)).toBe(true);
    expect(matchesWordMute({ text: normalizeWordMute('＃紅葉') }, text)).toBe(true);
    expect(matchesWordMute({ text: normalizeWordMute('梅') }, text)).toBe(false);
  });
});
