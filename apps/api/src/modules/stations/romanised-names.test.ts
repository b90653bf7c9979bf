import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_EKIDATA_DIR, readEkidataFolder } from './bundled-station-data.js';
import { readEkidataCsv } from './ekidata.source.js';
import {
  mechanicalRomaji,
  placesOf,
  readCheckedSigns,
  romaniseLine,
  romaniseStation,
  signHepburn,
  SIGN_EXCEPTIONS,
  type CheckedSign,
  type RomaniserContext,
} from './romanised-names.js';
import { createReadingFinder } from './station-readings.js';

/**
 * The romaniser against the checked list of sign spellings (`station-data/station-signs-checked.csv`,
 * docs/stations.md#romanised-names): each entry's reading through the rules must give its sign,
 * for at least 99 % of the entries. Operators differ in capitals and in a hyphen or a space
 * (Keikyu Kamata, Seibu-Shinjuku), so spellings are compared without either difference.
 */

let context: RomaniserContext;
let checked: CheckedSign[];

beforeAll(async () => {
  const { files } = await readEkidataFolder(BUNDLED_EKIDATA_DIR);
  const dataset = readEkidataCsv(files);
  context = {
    readingsOf: await createReadingFinder(dataset.readings),
    ...placesOf(dataset.groups.map((group) => group.name)),
  };
  checked = await readCheckedSigns();
}, 60_000);

const comparable = (spelling: string) => spelling.toLowerCase().replace(/[\s-]+/g, '-');

describe('signHepburn', () => {
  it('writes long vowels single, ん as m before b, m and p, っち as tchi', () => {
    expect(signHepburn('とうきょう')).toBe('tokyo');
    expect(signHepburn('おおぞね')).toBe('ozone');
    expect(signHepburn('じゅうそう')).toBe('juso');
    expect(signHepburn('しんばし')).toBe('shimbashi');
    expect(signHepburn('なんば')).toBe('namba');
    expect(signHepburn('はっちょうぼり')).toBe('hatchobori');
    expect(signHepburn('しんじゅく')).toBe('shinjuku');
    expect(signHepburn('にいがた')).toBe('niigata');
  });
});

describe('romaniseStation', () => {
  it('hyphenates prefixes and two places, and keeps one word otherwise', () => {
    const cases: [string, string, string][] = [
      ['東京', 'とうきょう', 'Tokyo'],
      ['新宿', 'しんじゅく', 'Shinjuku'],
      ['大阪梅田', 'おおさかうめだ', 'Osaka-umeda'],
      ['京都', 'きょうと', 'Kyoto'],
      ['大曽根', 'おおぞね', 'Ozone'],
      ['新大阪', 'しんおおさか', 'Shin-Osaka'],
      ['西船橋', 'にしふなばし', 'Nishi-Funabashi'],
      ['新富町', 'しんとみちょう', 'Shintomicho'],
      ['高田馬場', 'たかだのばば', 'Takadanobaba'],
      ['新宿三丁目', 'しんじゅくさんちょうめ', 'Shinjuku-sanchome'],
      ['武蔵小杉', 'むさしこすぎ', 'Musashi-Kosugi'],
      ['京急蒲田', 'けいきゅうかまた', 'Keikyu Kamata'],
      ['押上〈スカイツリー前〉', 'おしあげ', 'Oshiage'],
    ];
    for (const [name, reading, sign] of cases)
      expect(romaniseStation(name, reading, context), name).toBe(sign);
    expect(romaniseStation('日本橋', 'にほんばし', context, 13)).toBe('Nihombashi');
    expect(romaniseStation('日本橋', 'にほんばし', context, 27)).toBe('Nippombashi');
    expect(romaniseStation('どこか', '', context)).toBe('');
  });

  it('matches the checked list of sign spellings on at least 99 % of its entries', () => {
    expect(checked.length).toBeGreaterThanOrEqual(300);
    const misses = checked.filter(
      (entry) =>
        comparable(romaniseStation(entry.name, entry.reading, context, entry.prefectureId)) !==
        comparable(entry.sign),
    );
    expect(misses.length / checked.length, misses.map((miss) => miss.name).join(' ')).toBeLessThan(
      0.01,
    );
    // What the rules alone give, without the table of signs they cannot derive.
    const byRules = checked.filter(
      (entry) =>
        !SIGN_EXCEPTIONS[entry.name] && !SIGN_EXCEPTIONS[`${entry.name}/${entry.prefectureId}`],
    );
    expect(byRules.length / checked.length).toBeGreaterThan(0.9);
  });

  it('lists only stations whose sign differs from plain romanisation of the reading', () => {
    const plain = checked.filter(
      (entry) => comparable(mechanicalRomaji(entry.reading)) === comparable(entry.sign),
    );
    expect(plain.map((entry) => entry.name)).toEqual([]);
    const keys = checked.map((entry) => `${entry.name}/${entry.prefectureId}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('romaniseLine', () => {
  it('romanises the line and writes its kind as signs do', () => {
    expect(romaniseLine('JR山手線', 'ヤマノテセン')).toBe('JR Yamanote Line');
    expect(romaniseLine('東京メトロ銀座線', 'ギンザセン')).toBe('Tokyo Metro Ginza Line');
    expect(romaniseLine('都営大江戸線', 'トエイオオエドセン')).toBe('Toei Oedo Line');
    expect(romaniseLine('東海道新幹線', 'トウカイドウシンカンセン')).toBe('Tokaido Shinkansen');
    expect(romaniseLine('JR函館本線(小樽～旭川)', 'ハコダテホンセン')).toBe(
      'JR Hakodate Main Line',
    );
    expect(romaniseLine('JR中央・総武線', 'チュウオウ・ソウブセン')).toBe('JR Chuo-Sobu Line');
    expect(romaniseLine('札幌市営地下鉄南北線', 'サッポロシエイチカテツナンボクセン')).toBe(
      'Sapporo Subway Namboku Line',
    );
    expect(romaniseLine('どこか線', '')).toBe('');
  });
});
