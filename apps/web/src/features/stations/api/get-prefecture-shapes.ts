import { useQuery } from '@tanstack/react-query';
import type { BasemapDetail } from '../../../lib/map/basemap-style';
import { prefectureShapesQueryOptions } from '../../../lib/map/prefecture-shapes-query';

/**
 * The prefecture shapes for the map's borders and the label points derived from them: fetched
 * once on the page and handed to the map, rather than fetched a second time by MapLibre's worker.
 */
export function usePrefectureShapes(detail: BasemapDetail, enabled: boolean) {
  return useQuery({ ...prefectureShapesQueryOptions(detail), enabled });
}
