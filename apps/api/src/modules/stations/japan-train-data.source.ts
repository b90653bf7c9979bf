import { createRequire } from 'node:module';
import type { StationDataset } from './station-dataset.js';

/** Reads the `japan-train-data` package (駅データ.jp, 2017) into a StationDataset. */

interface LocalisedName {
  ja?: string;
  en?: string;
}
interface JtdStation {
  id: number;
  gid: number;
  name: LocalisedName;
  location: {
    lat: number;
    lng: number;
    administrativeArea1?: LocalisedName;
    locality1?: LocalisedName;
    ward?: LocalisedName;
    sublocality1?: LocalisedName;
    sublocality2?: LocalisedName;
    sublocality3?: LocalisedName;
    sublocality4?: LocalisedName;
  };
  prefecture: { id: number };
}
interface JtdLine {
  id: number;
  name: LocalisedName;
  stations: JtdStation[];
  prefecture: { id: number };
}
interface JtdPrefecture {
  id: number;
  name: LocalisedName;
}
interface JapanTrainData {
  prefectures: JtdPrefecture[];
  lines: JtdLine[];
  stations: JtdStation[];
}

export const JAPAN_TRAIN_DATA_SOURCE = 'japan-train-data';

const require = createRequire(import.meta.url);

export function japanTrainDataVersion(): string {
  const manifest: unknown = require('japan-train-data/package.json');
  if (
    manifest &&
    typeof manifest === 'object' &&
    'version' in manifest &&
    typeof manifest.version === 'string'
  ) {
    return manifest.version;
  }
  return 'unknown';
}

/** Some geocoded parts in the package are mojibake (U+FFFD); those are dropped. */
function clean(part: LocalisedName | undefined, lang: 'ja' | 'en' = 'ja'): string {
  const value = part?.[lang]?.trim() ?? '';
  return value.includes('\uFFFD') ? '' : value;
}

function addressOf(station: JtdStation): string {
  const loc = station.location;
  const parts = [
    clean(loc.administrativeArea1),
    clean(loc.locality1),
    clean(loc.ward),
    clean(loc.sublocality1),
    clean(loc.sublocality2),
  ];
  const block = [clean(loc.sublocality3), clean(loc.sublocality4)].filter(Boolean).join('-');
  // NFKC turns the geocoder's full-width digits (３丁目３８) into ordinary ones.
  return (parts.join('') + block).normalize('NFKC');
}

/** "Tōkyō-to" → "tokyo", "Miyagi-ken" → "miyagi". */
function romanKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/-(to|fu|ken|do)$/, '')
    .replace(/[^a-z]/g, '');
}

export function readJapanTrainData(): StationDataset {
  // The bundle is ~350 MB in memory; it is only ever loaded here, at import time.
  const data = require('japan-train-data') as JapanTrainData;

  const prefectures = data.prefectures.map((prefecture) => ({
    id: prefecture.id,
    name: prefecture.name.ja ?? '',
    nameEn: prefecture.name.en ?? '',
  }));
  const prefectureByJa = new Map(prefectures.map((p) => [p.name, p.id]));
  const prefectureByRoman = new Map(prefectures.map((p) => [romanKey(p.nameEn), p.id]));
  const prefectureOf = (station: JtdStation): number => {
    const area = station.location.administrativeArea1;
    return (
      prefectureByJa.get(clean(area)) ??
      prefectureByRoman.get(romanKey(clean(area, 'en'))) ??
      station.prefecture.id
    );
  };

  // The package repeats a line under every prefecture it crosses, with the same stations.
  const lines = new Map<number, JtdLine>();
  for (const line of data.lines) if (!lines.has(line.id)) lines.set(line.id, line);

  const stations: StationDataset['stations'] = [];
  const stationById = new Map<number, JtdStation>();
  for (const line of lines.values()) {
    line.stations.forEach((station, index) => {
      if (stationById.has(station.id)) return;
      stationById.set(station.id, station);
      stations.push({
        id: station.id,
        groupId: station.gid,
        lineId: line.id,
        name: station.name.ja ?? '',
        nameEn: station.name.en ?? '',
        seq: index + 1,
        lat: station.location.lat,
        lng: station.location.lng,
      });
    });
  }

  // A group is named and placed after its representative station (station_cd = group code).
  const groups = new Map<number, StationDataset['groups'][number]>();
  const sorted = [...stationById.values()].sort(
    (a, b) => Number(b.id === b.gid) - Number(a.id === a.gid) || a.id - b.id,
  );
  for (const station of sorted) {
    if (groups.has(station.gid)) continue;
    groups.set(station.gid, {
      id: station.gid,
      name: station.name.ja ?? '',
      nameEn: station.name.en ?? '',
      prefectureId: prefectureOf(station),
      address: addressOf(station),
      lat: station.location.lat,
      lng: station.location.lng,
    });
  }

  return {
    prefectures,
    lines: [...lines.values()].map((line) => ({
      id: line.id,
      name: line.name.ja ?? '',
      nameEn: line.name.en ?? '',
    })),
    groups: [...groups.values()],
    stations,
  };
}
