// Makes apps/api/station-data/readings-unidic.csv: a reading of every station name in the
// bundled data by a second analyser, MeCab with UniDic, to sit beside the one kuromoji (IPA
// dictionary) derives at import (docs/stations.md#readings). Run once at development time,
// whenever the bundled data changes, and check the table in:
//
//   apt-get install mecab unidic-mecab
//   node scripts/make-unidic-readings.mjs
//
// The import never runs MeCab: it reads the table.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, 'apps/api/station-data');
const output = path.join(dataDir, 'readings-unidic.csv');
const dictionary = process.env.UNIDIC_DIR ?? '/var/lib/mecab/dic/unidic';

/** Values of one column of a CSV with a header line (no quoted commas in these files). */
function column(text, name) {
  const [header, ...rows] = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const index = header.split(',').indexOf(name);
  if (index < 0) throw new Error(`no column ${name}`);
  return rows.filter(Boolean).map((row) => row.split(',')[index]);
}

const ekidataDir = fs
  .readdirSync(dataDir)
  .map((name) => path.join(dataDir, name))
  .find((file) => fs.statSync(file).isDirectory() && path.basename(file).startsWith('ekidata-'));
const stationFile = fs.readdirSync(ekidataDir).find((name) => name.startsWith('station'));
const stationCsv = gunzipSync(fs.readFileSync(path.join(ekidataDir, stationFile))).toString();
const names = new Set([
  ...column(stationCsv, 'station_name'),
  ...column(fs.readFileSync(path.join(dataDir, 'shinkansen.csv'), 'utf8'), 'station_name'),
]);

/** The spoken part of a name: bracketed notes (「（スカイツリー前）」) are not said. */
const spoken = (name) => name.replace(/[(（〈][^)）〉]*[)）〉]/g, '').trim();

// One name per line in; out, one word per line in UniDic's verbose form (\`name:value\` fields,
// \`kana\` the kana form, 仮名形出現形; an unknown word has none), then EOS after each name.
const sorted = [...names].sort();
const input = sorted.map(spoken).join('\n') + '\n';
const out = execFileSync('mecab', ['-d', dictionary, '-O', 'verbose'], {
  input,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});

const toHiragana = (text) =>
  text.replace(/[\u30a1-\u30f6]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0x60));
const isKana = (text) => /^[\u3041-\u309f\u30a1-\u30fcー]+$/.test(text);

const lines = ['station_name,reading'];
let index = 0;
let reading = '';
let whole = true;
for (const line of out.split('\n')) {
  if (line === 'EOS') {
    if (whole && reading) lines.push(`${sorted[index]},${reading}`);
    index += 1;
    reading = '';
    whole = true;
    continue;
  }
  if (!line) continue;
  const fields = Object.fromEntries(
    line
      .split('\t')
      .map((field) => [field.slice(0, field.indexOf(':')), field.slice(field.indexOf(':') + 1)]),
  );
  const kana = fields.kana;
  if (kana && kana !== '*') reading += toHiragana(kana);
  else if (isKana(fields.surface ?? '')) reading += toHiragana(fields.surface);
  else if (!/^[・･\s]+$/.test(fields.surface ?? '')) whole = false; // no partial readings
}
if (index !== sorted.length) throw new Error(`read ${index} names of ${sorted.length}`);
fs.writeFileSync(output, lines.join('\n') + '\n');
console.log(`${output}: ${lines.length - 1} readings of ${sorted.length} names`);
