import { createContext, useContext } from 'react';
import type { ComponentType, ReactNode, Ref } from 'react';
import type { MapProps, MapRef } from 'react-map-gl/maplibre';
import type { MapPoint } from '../schemas/post-form-schema';

/** A MapLibre map already carrying the app's basemap; children add markers and controls. */
export type EditorMapProps = Omit<MapProps, 'mapLib' | 'mapStyle' | 'localIdeographFontFamily'> & {
  children?: ReactNode;
  ref?: Ref<MapRef>;
};

/** One result of the station search, as the station picker lists it. */
export interface StationChoice {
  id: number;
  name: string;
  prefectureName: string;
  lineNames: string;
}

/**
 * What the post forms use from the station side of the app. Features do not import each other
 * (docs/conventions.md#layers-and-boundaries), so the page plugs these in: in the app, the stations
 * feature's map, search box and station search; in tests, light stand-ins.
 */
export interface PostEditorKit {
  MapView: ComponentType<EditorMapProps>;
  /** A station name search that reports the chosen station's position. */
  StationSearchBox: ComponentType<{ onSelect: (station: MapPoint) => void }>;
  /** Stations whose names match the query (already debounced by the caller). */
  useStationSearch: (query: string) => { stations: StationChoice[]; loading: boolean };
  /** The station nearest to a point, for a hint beside the map. */
  useNearestStation: (point: MapPoint) => { name: string; distanceM: number } | null;
}

const PostEditorKitContext = createContext<PostEditorKit | null>(null);

export function PostEditorKitProvider({
  kit,
  children,
}: {
  kit: PostEditorKit;
  children: ReactNode;
}) {
  return <PostEditorKitContext.Provider value={kit}>{children}</PostEditorKitContext.Provider>;
}

export function usePostEditorKit(): PostEditorKit {
  const kit = useContext(PostEditorKitContext);
  if (!kit) throw new Error('PostEditorKitProvider is missing around the post form.');
  return kit;
}
