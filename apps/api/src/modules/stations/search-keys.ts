import { isKana, toHiragana, toRomaji } from 'wanakana';

/**
 * The keys station search compares, shared by the import (which derives them from names and
 * readings) and the search (which derives them from what a person typed).
 */

/** Users type 「新宿駅」 as often as 「新宿」; the data has no 駅 suffix. */
export function normaliseName(text: string): string {
  const trimmed = text.normalize('NFKC').trim();
  return trimmed.length > 1 ? trimmed.replace(/駅$/, '') : trimmed;
}

/**
 * Romaji as people type it, folded so spellings meet: long vowels collapse (toukyou, tōkyō,
 * tokyo → tokyo), m before b/m/p is n (shimbashi → shinbashi), apostrophes and spaces go.
 */
export function romajiKey(romaji: string): string {
  return romaji
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/ou|oo/g, 'o')
    .replace(/uu/g, 'u')
    .replace(/aa/g, 'a')
    .replace(/ii/g, 'i')
    .replace(/ee|ei/g, 'e')
    .replace(/m(?=[bmp])/g, 'n');
}

export function romajiKeyOfReading(hiragana: string): string {
  return romajiKey(toRomaji(hiragana));
}

export interface QueryKeys {
  /** The name as typed (NFKC, without 駅). */
  name: string;
  /** Hiragana, when the query is all kana (「シンジュク」→「しんじゅく」). */
  reading: string | null;
  /** A romaji key, when the query is latin letters (「Shinjuku」→「shinjuku」). */
  romaji: string | null;
}

export function queryKeys(query: string): QueryKeys {
  const name = normaliseName(query);
  const compact = name.replace(/[\s・]/g, '');
  const reading = compact && isKana(compact) ? toHiragana(compact) : null;
  const romaji = /^[a-z\s'-]+$/i.test(name) ? romajiKey(name) || null : null;
  return { name, reading, romaji };
}
