import { createRequire } from 'node:module';
import path from 'node:path';
import kuromoji from 'kuromoji';
import { isKana, toHiragana } from 'wanakana';

/**
 * Readings of station names, derived at import time with a morphological analyser (kuromoji
 * and its IPA dictionary), corrected by a table of names it reads wrong. Readings are only
 * ever used to match what people type: they are never shown, because a derived reading can
 * still be wrong.
 */

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
};

export type ReadingFinder = (name: string) => string[];

const require = createRequire(import.meta.url);

/**
 * Loads the analyser's dictionary (~1 s, ~100 MB while importing) and returns a reader. Readings
 * the data gives for a name (the Shinkansen stations' table) are taken as they are.
 */
export async function createReadingFinder(
  given: Readonly<Record<string, readonly string[]>> = {},
): Promise<ReadingFinder> {
  const dicPath = path.join(path.dirname(require.resolve('kuromoji/package.json')), 'dict');
  const tokenizer = await new Promise<kuromoji.Tokenizer<kuromoji.IpadicFeatures>>(
    (resolve, reject) => {
      kuromoji
        .builder({ dicPath })
        .build((error, built) => (error ? reject(error) : resolve(built)));
    },
  );
  const cache = new Map<string, string[]>();
  return (name) => {
    let readings = cache.get(name);
    if (!readings) {
      readings = given[name]
        ? [...given[name]]
        : readingsOf(name, (text) => tokenizer.tokenize(text));
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
  const spoken = name.replace(/[(（][^)）]*[)）]/g, '').trim();
  let reading = '';
  for (const token of tokenize(spoken)) {
    if (token.reading && token.reading !== '*') reading += toHiragana(token.reading);
    else if (isKana(token.surface_form)) reading += toHiragana(token.surface_form);
    else return []; // a part without a reading: a partial reading would match wrongly
  }
  return reading ? [reading] : [];
}
