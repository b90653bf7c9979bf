import { useQuery } from '@tanstack/react-query';
import { prefectureShapesQueryOptions } from '../../../lib/map/prefecture-shapes-query';
import { prefectureOutlines } from '../utils/prefecture-paths';

/**
 * The prefectures as SVG outlines for the completion map, drawn from the basemap's overview file
 * (the one the top map's country view reads too). The map is at most 480 px wide, about 30 px a
 * degree, so the overview (simplified to 0.02°) draws it as finely as the full file.
 */
export function usePrefectureShapes() {
  // A module-level `select` keeps its result between renders (TanStack memoises it by reference).
  return useQuery({ ...prefectureShapesQueryOptions('overview'), select: prefectureOutlines });
}
