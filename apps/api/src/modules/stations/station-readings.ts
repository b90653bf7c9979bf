import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import kuromoji from 'kuromoji';
import { isKana, toHiragana } from 'wanakana';
import { STATION_DATA_DIR } from './bundled-station-data.js';

/**
 * Readings of station names, all of which search matches (docs/stations.md#readings): the
 * data's own where it gives one; for a name in the checked table of names the analysers read
 * wrong, its readings; for any other, a second analyser's reading made once with MeCab and
 * UniDic (`apps/api/station-data/readings-unidic.csv`) and kuromoji's (IPA dictionary), derived
 * at import.
 * Readings are only ever used to match what people type: they are never shown, because a
 * derived reading can still be wrong.
 */

/** The UniDic readings, made by `scripts/make-unidic-readings.mjs`. */
export const UNIDIC_READINGS = path.join(STATION_DATA_DIR, 'readings-unidic.csv');

/**
 * Station names the dictionary reads wrong, and names read two ways in different places
 * (日本橋: Tokyo にほんばし, Osaka にっぽんばし). Every reading listed is matched.
 */
export const IRREGULAR_READINGS: Readonly<Record<string, readonly string[]>> = {
  放出: ['はなてん'],
  十三: ['じゅうそう'],
  馬喰町: ['ばくろちょう'],
  雑色: ['ぞうしき'],
  特牛: ['こっとい'],
  御徒町: ['おかちまち'],
  日本橋: ['にほんばし', 'にっぽんばし'],
  三田: ['みた', 'さんだ'],
  喜連瓜破: ['きれうりわり'],
  御器所: ['ごきそ'],
  私市: ['きさいち'],
  我孫子: ['あびこ'],
  杭瀬: ['くいせ'],
  天満: ['てんま'],
  野江内代: ['のえうちんだい'],
  及位: ['のぞき'],
  半家: ['はげ'],
  生瀬: ['なまぜ'],
  鶯谷: ['うぐいすだに'],
  石動: ['いするぎ'],
  温泉津: ['ゆのつ'],
  仁豊野: ['にぶの'],
  鵯越: ['ひよどりごえ'],
  新発田: ['しばた'],
  妙典: ['みょうでん'],
  行徳: ['ぎょうとく'],
  大歩危: ['おおぼけ'],
  小歩危: ['こぼけ'],
  吉里吉里: ['きりきり'],
  五十川: ['いらがわ'],
  十日町: ['とおかまち'],
  九条: ['くじょう'],
  東雲: ['しののめ'],
  小鶴新田: ['こづるしんでん'],
  柴又: ['しばまた'],
  府中本町: ['ふちゅうほんまち'],
  京急東神奈川: ['けいきゅうひがしかながわ'],
  京急蒲田: ['けいきゅうかまた'],
  京急川崎: ['けいきゅうかわさき'],
  京成上野: ['けいせいうえの'],
  京成船橋: ['けいせいふなばし'],
  JR総持寺: ['じぇいあーるそうじじ', 'そうじじ'],
  // Read wrong by both analysers (found by station-readings.routes.test.ts).
  両国: ['りょうごく'],
  二日市: ['ふつかいち'],
  井土ヶ谷: ['いどがや'],
  南方: ['みなみかた'],
  取手: ['とりで'],
  堺筋本町: ['さかいすじほんまち'],
  大曽根: ['おおぞね'],
  大船: ['おおふな'],
  大通: ['おおどおり'],
  小倉: ['こくら', 'おぐら'],
  小山: ['おやま', 'こやま'],
  尾久: ['おく'],
  御嶽山: ['おんたけさん'],
  新瑞橋: ['あらたまばし'],
  松阪: ['まつさか'],
  水天宮前: ['すいてんぐうまえ'],
  白金高輪: ['しろかねたかなわ'],
  等々力: ['とどろき'],
  蓮根: ['はすね'],
  蚕ノ社: ['かいこのやしろ'],
  車道: ['くるまみち'],
  高麗: ['こま'],
  鬼子母神前: ['きしもじんまえ'],
};

export type ReadingFinder = (name: string) => string[];

const require = createRequire(import.meta.url);

/** `station_name,reading` lines (the names have no commas); a missing table is an empty one. */
export async function readReadingTable(file: string): Promise<Map<string, string>> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  const table = new Map<string, string>();
  for (const line of text.split(/\r?\n/).slice(1)) {
    const comma = line.lastIndexOf(',');
    if (comma > 0) table.set(line.slice(0, comma), line.slice(comma + 1));
  }
  return table;
}

/**
 * Loads the analyser's dictionary (~1 s, ~100 MB while importing) and the UniDic table, and
 * returns a reader of every candidate reading of a name. `given`: readings the data gives (the
 * Shinkansen stations' table).
 */
export async function createReadingFinder(
  given: Readonly<Record<string, readonly string[]>> = {},
  tableFile = UNIDIC_READINGS,
): Promise<ReadingFinder> {
  const dicPath = path.join(path.dirname(require.resolve('kuromoji/package.json')), 'dict');
  const [tokenizer, table] = await Promise.all([
    new Promise<kuromoji.Tokenizer<kuromoji.IpadicFeatures>>((resolve, reject) => {
      kuromoji
        .builder({ dicPath })
        .build((error, built) => (error ? reject(error) : resolve(built)));
    }),
    readReadingTable(tableFile),
  ]);
  const cache = new Map<string, string[]>();
  return (name) => {
    let readings = cache.get(name);
    if (!readings) {
      // The checked table overrides both analysers (readingsOf returns its readings alone).
      const checked = IRREGULAR_READINGS[name] !== undefined;
      // In order of trust: the romanised name is made from the first (romanised-names.ts).
      const candidates = [
        ...(given[name] ?? []),
        ...(checked ? IRREGULAR_READINGS[name]! : []),
        ...(!checked && table.has(name) ? [table.get(name)!] : []),
        ...readingsOf(name, (text) => tokenizer.tokenize(text)),
      ];
      readings = [...new Set(candidates)];
      cache.set(name, readings);
    }
    return readings;
  };
}

type Tokenize = (text: string) => { surface_form: string; reading?: string }[];

export function readingsOf(name: string, tokenize: Tokenize): string[] {
  const irregular = IRREGULAR_READINGS[name];
  if (irregular) return [...irregular];
  // Bracketed notes (「(山口)」「（東京都）」) are not part of how people say the name.
  const spoken = name.replace(/[(（〈][^)）〉]*[)）〉]/g, '').trim();
  let reading = '';
  for (const token of tokenize(spoken)) {
    if (token.reading && token.reading !== '*') reading += toHiragana(token.reading);
    else if (isKana(token.surface_form)) reading += toHiragana(token.surface_form);
    else return []; // a part without a reading: a partial reading would match wrongly
  }
  return reading ? [reading] : [];
}
