/** The shape every station data source is turned into before it is written. */
export interface StationDataset {
  prefectures: { id: number; name: string; nameEn: string }[];
  lines: { id: number; name: string; nameEn: string }[];
  groups: {
    id: number;
    name: string;
    nameEn: string;
    prefectureId: number;
    address: string;
    lat: number;
    lng: number;
  }[];
  stations: {
    id: number;
    groupId: number;
    lineId: number;
    name: string;
    nameEn: string;
    seq: number;
    lat: number;
    lng: number;
  }[];
}
