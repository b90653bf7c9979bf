import type { LineKind } from '../../db/schema/stations.js';

/** The shape every station data source is turned into before it is written. */
export interface StationDataset {
  prefectures: { id: number; name: string }[];
  companies: { id: number; name: string; companyType: number }[];
  lines: {
    id: number;
    name: string;
    nameKana: string;
    companyId: number | null;
    kind: LineKind;
    color: string;
    closed: boolean;
  }[];
  /** Named stations (one per name of a transfer group): the stations people count. */
  groups: {
    id: number;
    /** The 駅データ.jp station group (transfer group) it is part of: its main station's id. */
    transferGroupId: number;
    name: string;
    /** Romanised (romanised-names.ts): derived by the import, not read from the data. */
    nameRomaji?: string;
    prefectureId: number;
    address: string;
    postalCode: string;
    lat: number;
    lng: number;
    closed: boolean;
    /** `YYYY-MM-DD`, or null when open or unknown. */
    closedOn: string | null;
    /** `YYYY-MM-DD` of its first opening, where the data knows it. */
    openedOn?: string | null;
  }[];
  /** Platforms: one per line at a named station. */
  stations: {
    id: number;
    groupId: number;
    lineId: number;
    name: string;
    seq: number;
    lat: number;
    lng: number;
    closed: boolean;
    closedOn: string | null;
  }[];
  /** Neighbouring stations on a line. */
  links: { lineId: number; fromStationId: number; toStationId: number }[];
  /** Readings the data gives for names (hiragana), matched before any derived reading. */
  readings?: Record<string, string[]>;
}
