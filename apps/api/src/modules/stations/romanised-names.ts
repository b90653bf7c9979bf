import fs from 'node:fs/promises';
import path from 'node:path';
import { toHiragana, toRomaji } from 'wanakana';
import { STATION_DATA_DIR } from './bundled-station-data.js';
import type { ReadingFinder } from './station-readings.js';
import {
  CHOME_READINGS,
  DIRECTIONS,
  OPERATORS,
  PROVINCES,
  SIGN_EXCEPTIONS,
} from './romanised-name-tables.js';

export { SIGN_EXCEPTIONS };

/**
 * Romanised station and line names for visitors (docs/stations.md#romanised-names): modified
 * Hepburn as Japanese station signs write it, made from the reading search keeps. They are
 * spellings, not official translations: loanwords in katakana come out as romaji, not English.
 */

/** Kana that cannot start the second part of a compound (市ケ谷, 自由が丘, 御茶ノ水). */
const BOUND_KANA = /^[ケヶノのがツッ]/;

/**
 * A hiragana reading in modified Hepburn as signs write it, lowercase: long vowels written
 * single (とうきょう → tokyo, おおぞね → ozone, じゅうそう → juso), ん as m before b, m and p
 * (しんばし → shimbashi), っち as tchi, ん before a vowel or y as n'.
 */
export function signHepburn(reading: string): string {
  return toRomaji(toHiragana(reading).replace(/ー/g, ''))
    .toLowerCase()
    .replace(/-/g, '')
    .replace(/o[ou]/g, 'o')
    .replace(/uu/g, 'u')
    .replace(/n(?=[bmp])/g, 'm');
}

/** What plain romanisation gives: the reading's romaji as it is, capitalised (toukyou → Toukyou). */
export function mechanicalRomaji(reading: string): string {
  return capitalise(toRomaji(toHiragana(reading)));
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function spokenName(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[(（〈][^)）〉]*[)）〉]/g, '')
    .trim();
}

/** How a name is read and where its parts are: what the romaniser needs from the data. */
export interface RomaniserContext {
  /** Every reading a part of a name may have (the import's reading finder). */
  readingsOf: ReadingFinder;
  /**
   * Whether a text names a place: a station's name, or the start of another's (千住 of
   * 千住大橋). 新富町 stays one word (富町 is no place), 新大阪 is Shin-Osaka.
   */
  isPlace: (text: string) => boolean;
  /** Whether a text is a station's name. */
  isStation: (text: string) => boolean;
}

/** `isPlace` and `isStation` of every station name of the data. */
export function placesOf(names: Iterable<string>): Pick<RomaniserContext, 'isPlace' | 'isStation'> {
  const stations = new Set<string>();
  const places = new Set<string>();
  for (const name of names) {
    const chars = [...spokenName(name)];
    stations.add(chars.join(''));
    for (let length = 2; length < chars.length; length += 1)
      places.add(chars.slice(0, length).join(''));
  }
  return {
    isPlace: (text) => stations.has(text) || places.has(text),
    isStation: (text) => stations.has(text),
  };
}

/**
 * The romanised name of a station, from its name and its reading: operator and province
 * prefixes, directions and 新 before a place, and two places in one name (大阪梅田 →
 * Osaka-umeda, 新宿三丁目 → Shinjuku-sanchome) are hyphenated; the rest is one word.
 */
export function romaniseStation(
  name: string,
  reading: string,
  context: RomaniserContext,
  prefectureId?: number,
): string {
  const spoken = spokenName(name);
  const exception = SIGN_EXCEPTIONS[`${spoken}/${prefectureId}`] ?? SIGN_EXCEPTIONS[spoken];
  if (exception) return exception;
  if (!reading) return '';
  return capitalise(romaniseParts(spoken, toHiragana(reading), context));
}

function romaniseParts(name: string, reading: string, context: RomaniserContext): string {
  for (const operator of OPERATORS) {
    const match = operator.reading.exec(reading);
    if (name.startsWith(operator.name) && match && name.length > operator.name.length) {
      const rest = romaniseParts(
        name.slice(operator.name.length),
        reading.slice(match[0].length),
        context,
      );
      return `${operator.romaji} ${capitalise(rest)}`;
    }
  }
  for (const table of [PROVINCES, DIRECTIONS]) {
    for (const [prefix, prefixReading] of Object.entries(table)) {
      const rest = name.slice(prefix.length);
      if (
        name.startsWith(prefix) &&
        // 武蔵小杉, 西船橋, 南柏; not 相模原 (原 is a station too, but the name is one word).
        (table === PROVINCES
          ? [...rest].length >= 2
          : context.isStation(rest) || ([...rest].length >= 2 && context.isPlace(rest))) &&
        !BOUND_KANA.test(rest) &&
        reading.startsWith(prefixReading) &&
        reading.length > prefixReading.length
      ) {
        const restReading = reading.slice(prefixReading.length);
        return `${signHepburn(prefixReading)}-${capitalise(romaniseParts(rest, restReading, context))}`;
      }
    }
  }
  const compound = splitCompound(name, reading, context);
  if (compound) {
    const [first, second] = compound;
    return `${romaniseParts(first.name, first.reading, context)}-${signHepburn(second.reading)}`;
  }
  return signHepburn(reading);
}

/** A reading's first kana without its voicing marks (ば → は): 代田 だいた matches たいた. */
function unvoiced(reading: string): string {
  return reading
    .normalize('NFD')
    .replace(/[\u3099\u309a]/g, '')
    .normalize('NFC');
}

/**
 * Two parts of two or more characters each (大阪 + 梅田, 新宿 + 三丁目, 国会 + 議事堂前): the
 * first read as the name starts, and either a station's name or the second read as the name
 * ends (voicing at the join allowed). A reading that changes at the join (高田馬場
 * たかだのばば) keeps the name one word. A station's name as the first part wins, the longest.
 */
function splitCompound(name: string, reading: string, context: RomaniserContext) {
  const chars = [...name];
  const cuts: number[] = [];
  for (let cut = 2; cut <= chars.length - 2; cut += 1) cuts.push(cut);
  // A station's name first, the longest (横須賀 + 中央, not 横須 + 賀中央), then the shortest.
  const stationCuts = cuts.filter((cut) => context.isStation(chars.slice(0, cut).join('')));
  for (const cut of [...stationCuts.reverse(), ...cuts]) {
    const first = chars.slice(0, cut).join('');
    const second = chars.slice(cut).join('');
    if (BOUND_KANA.test(second)) continue;
    for (const firstReading of context.readingsOf(first)) {
      if (!firstReading || !reading.startsWith(firstReading)) continue;
      const secondReading = reading.slice(firstReading.length);
      if (!secondReading || /^[のがヶ]/.test(secondReading)) continue;
      const secondReadings = [CHOME_READINGS[second], ...context.readingsOf(second)];
      const secondMatches = secondReadings.some(
        (candidate) => candidate && unvoiced(candidate) === unvoiced(secondReading),
      );
      if (secondMatches || context.isStation(first))
        return [
          { name: first, reading: firstReading },
          { name: second, reading: secondReading },
        ] as const;
    }
  }
  return null;
}

/** Line kinds in their sign form, by the reading's ending. */
const LINE_ENDINGS: readonly [RegExp, string][] = [
  [/しんかんせん$/, ' Shinkansen'],
  [/ほんせん$/, ' Main Line'],
  [/(せん|らいん)$/, ' Line'],
];

/**
 * A line's romanised name from its name and kana (駅データ.jp's reading, which leaves out the
 * operator): 東京メトロ銀座線 → Tokyo Metro Ginza Line, JR山手線 → JR Yamanote Line.
 */
export function romaniseLine(name: string, kana: string): string {
  let reading = toHiragana(kana.normalize('NFKC')).replace(/\s/g, '');
  if (!reading) return '';
  let prefix = '';
  if (name.startsWith('JR')) prefix = 'JR ';
  else if (name.startsWith('東京メトロ')) prefix = 'Tokyo Metro ';
  else if (reading.startsWith('とえい')) {
    prefix = 'Toei ';
    reading = reading.slice('とえい'.length);
  }
  const subway = /^(.+?)しえいちかてつ(.+)$/.exec(reading);
  if (subway) {
    prefix = `${capitalise(signHepburn(subway[1]!))} Subway `;
    reading = subway[2]!;
  }
  let ending = '';
  for (const [pattern, english] of LINE_ENDINGS) {
    if (pattern.test(reading) && reading.replace(pattern, '')) {
      reading = reading.replace(pattern, '');
      ending = english;
      break;
    }
  }
  const words = reading
    .split('・')
    .map((part) => capitalise(signHepburn(part)))
    .join('-');
  return `${prefix}${words}${ending}`;
}

/** The checked list of sign spellings (docs/stations.md#romanised-names). */
export const CHECKED_SIGNS = path.join(STATION_DATA_DIR, 'station-signs-checked.csv');

export interface CheckedSign {
  name: string;
  prefectureId: number;
  reading: string;
  sign: string;
}

/** `station_name,pref_cd,reading,sign` rows; a missing file is an empty list. */
export async function readCheckedSigns(file = CHECKED_SIGNS): Promise<CheckedSign[]> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  return text
    .split(/\r?\n/)
    .slice(1)
    .filter(Boolean)
    .map((line) => {
      const [name = '', prefectureId = '0', reading = '', sign = ''] = line.split(',');
      return { name, prefectureId: Number(prefectureId), reading, sign };
    });
}

/**
 * The import's romaniser: each station's name from its first reading (the one search trusts
 * most, station-readings.ts), or from the checked list's reading where the list has the station.
 */
export async function createStationRomaniser(
  names: readonly string[],
  readingsOf: ReadingFinder,
): Promise<(name: string, prefectureId: number) => string> {
  const checked = new Map(
    (await readCheckedSigns()).map((row) => [`${row.name}/${row.prefectureId}`, row.reading]),
  );
  const context: RomaniserContext = { readingsOf, ...placesOf(names) };
  return (name, prefectureId) => {
    const reading = checked.get(`${name}/${prefectureId}`) ?? readingsOf(name)[0] ?? '';
    return romaniseStation(name, reading, context, prefectureId);
  };
}
