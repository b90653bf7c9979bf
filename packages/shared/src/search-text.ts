/**
 * Japanese-aware text folding for post search, hashtags and word mutes (docs/search.md). The
 * server indexes with it and the web app folds what a member types with the same function, so
 * さくら, サクラ and ｻｸﾗ are one word everywhere.
 */

/** Small kana folded to their full-size letter (after katakana became hiragana). */
const SMALL_KANA: Record<string, string> = {
  ぁ: 'あ',
  ぃ: 'い',
  ぅ: 'う',
  ぇ: 'え',
  ぉ: 'お',
  っ: 'つ',
  ゃ: 'や',
  ゅ: 'ゆ',
  ょ: 'よ',
  ゎ: 'わ',
  ゕ: 'か',
  ゖ: 'け',
};

/** The vowel each hiragana ends in, so a long-vowel mark can be spelled out (ラーメン → らあめん). */
const VOWEL_ROWS: Array<[string, string]> = [
  ['あかがさざただなはばぱまやらわ', 'あ'],
  ['いきぎしじちぢにひびぴみりゐ', 'い'],
  ['うくぐすずつづぬふぶぷむゆるゔ', 'う'],
  ['えけげせぜてでねへべぺめれゑ', 'え'],
  ['おこごそぞとどのほぼぽもよろを', 'お'],
];
const VOWEL_OF = new Map<string, string>();
for (const [letters, vowel] of VOWEL_ROWS)
  for (const letter of letters) VOWEL_OF.set(letter, vowel);

/** Marks written for a long vowel: ー (NFKC folds ｰ into it), and the wave dashes people type. */
const LONG_VOWEL_MARKS = new Set(['ー', '〜', '~']);

/**
 * Folds text for matching: NFKC (full-width Latin and digits to half width, half-width kana to
 * full width, ＃ to #), lower case, katakana to hiragana, small kana to full size, a long-vowel
 * mark after kana to that kana's vowel, and runs of white space to one space.
 */
export function normalizeSearchText(text: string): string {
  const folded = text.normalize('NFKC').toLowerCase();
  let out = '';
  let previous = '';
  for (const char of folded) {
    let next = char;
    const code = char.codePointAt(0)!;
    // Katakana ァ (U+30A1) … ヶ (U+30F6) sit 0x60 above their hiragana.
    if (code >= 0x30a1 && code <= 0x30f6) next = String.fromCodePoint(code - 0x60);
    next = SMALL_KANA[next] ?? next;
    if (LONG_VOWEL_MARKS.has(next)) {
      const vowel = VOWEL_OF.get(previous);
      if (vowel) next = vowel;
      else if (next !== 'ー') next = ' ';
    }
    if (/\s/u.test(next)) next = ' ';
    if (next === ' ' && (out === '' || out.endsWith(' '))) {
      previous = ' ';
      continue;
    }
    out += next;
    previous = next;
  }
  return out.trimEnd();
}

/** A letter or digit of any script (kanji, kana, Latin, …) with its marks, 々 and ー. */
const WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u;

/** The runs of letters and digits in folded text: punctuation and spaces end a run. */
function wordRuns(folded: string): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  for (const char of folded) {
    if (WORD_CHARACTER.test(char)) run.push(char);
    else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

/** The longest word from the segmenter kept as a token; longer runs are found by bigrams alone. */
const WORD_TOKEN_MAX = 24;

let segmenter: Intl.Segmenter | null = null;

/** Words of folded text as `Intl.Segmenter('ja')` splits them, each `w:`-prefixed. */
function wordTokens(folded: string): string[] {
  segmenter ??= new Intl.Segmenter('ja', { granularity: 'word' });
  const words: string[] = [];
  for (const part of segmenter.segment(folded)) {
    if (part.isWordLike && [...part.segment].length <= WORD_TOKEN_MAX)
      words.push(`w:${part.segment}`);
  }
  return words;
}

/**
 * The index tokens of a text: every character and every pair of neighbouring characters within
 * a run of letters and digits (so one- and two-character words such as 桜 and 駅弁 are found,
 * and a longer word by all its pairs), plus the segmenter's words (`w:…`, which rank a match on
 * a word boundary first). Distinct, in no particular order.
 */
export function searchTokens(text: string): string[] {
  const folded = normalizeSearchText(text);
  const tokens = new Set<string>();
  for (const run of wordRuns(folded)) {
    for (let i = 0; i < run.length; i++) {
      tokens.add(run[i]!);
      if (i + 1 < run.length) tokens.add(run[i]! + run[i + 1]!);
    }
  }
  for (const word of wordTokens(folded)) tokens.add(word);
  return [...tokens];
}

/** One term of a search: its folded text and the tokens a matching text must all hold. */
export interface SearchTerm {
  text: string;
  tokens: string[];
  /** The segmenter's token when the whole term is one word (`w:…`), for ranking. */
  word: string | null;
}

/** The tokens a folded term needs: its characters alone for one character, else its pairs. */
function termTokens(folded: string): string[] {
  const tokens = new Set<string>();
  for (const run of wordRuns(folded)) {
    if (run.length === 1) tokens.add(run[0]!);
    for (let i = 0; i + 1 < run.length; i++) tokens.add(run[i]! + run[i + 1]!);
  }
  return [...tokens];
}

/** The most terms one search takes; more are ignored. */
export const SEARCH_TERMS_MAX = 8;

/**
 * A search query as terms: split on white space, except inside double quotes ("…" or 「…」),
 * which keep a phrase with its spaces. Terms without a letter or digit are dropped; `#tag`
 * terms are returned apart.
 */
export function parseSearchQuery(query: string): { terms: SearchTerm[]; tags: string[] } {
  const folded = normalizeSearchText(query);
  const parts: string[] = [];
  const pattern = /"([^"]*)"|「([^」]*)」|(\S+)/gu;
  for (const match of folded.matchAll(pattern))
    parts.push((match[1] ?? match[2] ?? match[3]!).trim());
  const terms: SearchTerm[] = [];
  const tags: string[] = [];
  for (const part of parts) {
    const tag = /^#([\p{L}\p{N}\p{M}_]+)$/u.exec(part);
    if (tag) {
      tags.push(tag[1]!);
      continue;
    }
    const tokens = termTokens(part);
    if (tokens.length === 0) continue;
    const words = wordTokens(part);
    terms.push({ text: part, tokens, word: words.length === 1 ? words[0]! : null });
  }
  return { terms: terms.slice(0, SEARCH_TERMS_MAX), tags: tags.slice(0, SEARCH_TERMS_MAX) };
}

/** The longest tag name, in characters. */
export const HASHTAG_MAX = 50;

/**
 * `#タグ` in text: a # (or ＃) not glued to a preceding Latin letter, digit, `/` or `&` (a URL
 * fragment or an HTML entity; Japanese runs straight into a tag), then letters and digits of any script and `_`. Found in NFKC-folded text, so
 * ＃紅葉 and #紅葉 are one tag; the name keeps its script and is lower-cased (#Tokyo is #tokyo).
 */
const HASHTAG_PATTERN = /(^|[^A-Za-z0-9_&/#])#([\p{L}\p{N}\p{M}_]{1,50})(?![\p{L}\p{N}\p{M}_])/gu;

/** A tag's one spelling: NFKC and lower case. */
export function normalizeHashtag(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/^#/u, '');
}

/** The distinct tags of a text, in order of first appearance. */
export function extractHashtags(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.normalize('NFKC').matchAll(HASHTAG_PATTERN)) {
    const name = match[2]!.toLowerCase();
    // A run of digits alone (#1, #2026) is a number, not a tag.
    if (!/^\d+$/u.test(name)) found.add(name);
  }
  return [...found];
}

/** A tag name as the tag page's address takes it: folded, and valid. */
export function isHashtagName(name: string): boolean {
  return /^[\p{L}\p{N}\p{M}_]{1,50}$/u.test(name) && !/^\d+$/u.test(name);
}

/**
 * Splits text into plain parts and hashtags, for showing a text with its tags as links. Works on
 * the text as written (so nothing moves), while the tag's name is folded as `extractHashtags`
 * folds it.
 */
export function splitHashtags(text: string): Array<{ text: string; tag?: string }> {
  const parts: Array<{ text: string; tag?: string }> = [];
  const pattern =
    /(^|[^A-Za-z0-9Ａ-Ｚａ-ｚ０-９_&/#＃])([#＃])([\p{L}\p{N}\p{M}_]{1,50})(?![\p{L}\p{N}\p{M}_])/gu;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index + match[1]!.length;
    const name = normalizeHashtag(match[3]!);
    if (/^\d+$/u.test(name)) continue;
    if (start > last) parts.push({ text: text.slice(last, start) });
    const end = start + match[2]!.length + match[3]!.length;
    parts.push({ text: text.slice(start, end), tag: name });
    last = end;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** A word mute's one spelling: `#tag` as tags are folded, any other phrase as search folds it. */
export function normalizeWordMute(phrase: string): string {
  const trimmed = phrase.normalize('NFKC').trim();
  if (/^#[\p{L}\p{N}\p{M}_]+$/u.test(trimmed)) return `#${normalizeHashtag(trimmed)}`;
  return normalizeSearchText(trimmed);
}

/** A word mute against a text: the folded phrase appears in the folded text, or the tag is on it. */
export function matchesWordMute(
  mute: { text: string },
  folded: { text: string; tags: readonly string[] },
): boolean {
  if (mute.text.startsWith('#')) return folded.tags.includes(mute.text.slice(1));
  return mute.text.length > 0 && folded.text.includes(mute.text);
}
