import { lazy, Suspense } from 'react';
import { useHydrated } from '../../../hooks/use-hydrated';
import { useOnScreen } from '../../../hooks/use-on-screen';
import type { BaseMapProps } from './browser-map';

const BrowserMap = lazy(() => import('./browser-map'));

/**
 * MapLibre map with the app's basemap (the offline GeoJSON always, configured raster tiles over
 * it), railway lines and prefecture names. Children add further sources. The post forms' location
 * pickers use it too, so they show the same basemap.
 *
 * A map is drawn in the browser only, once a quarter of its box (sized by the parent) is on screen:
 * a page the server renders leaves the box empty until it has hydrated, and a map further down
 * a page costs nothing until the reader scrolls towards it — MapLibre's code included, which
 * loads with the first map (docs/architecture.md#server-rendering).
 */
export function BaseMap(props: BaseMapProps) {
  const hydrated = useHydrated();
  const [box, shown] = useOnScreen<HTMLDivElement>();
  return (
    <div ref={box} style={{ width: '100%', height: '100%' }}>
      {hydrated && shown ? (
        <Suspense fallback={null}>
          <BrowserMap {...props} />
        </Suspense>
      ) : null}
    </div>
  );
}
