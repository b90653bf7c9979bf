import { lazy } from 'react';
import { useParams } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { ListDetail } from '../../features/lists/components/list-detail';
import { useReportDialog } from '../../features/reports/hooks/use-report-dialog';
import { MapImagePreview } from '../../features/stations/components/map-image-preview';

const NumberedPlacesMap = lazy(
  () => import('../../features/stations/components/numbered-places-map'),
);

/** /list/:listId — the parameter is validated by the route guard. */
export function Component() {
  const { listId = '' } = useParams();
  const me = useMe();
  const report = useReportDialog();
  return (
    <>
      <ListDetail
        key={listId}
        listId={listId}
        viewerId={me.isPending ? undefined : (me.data?.id ?? null)}
        renderMap={(places, label) => (
          <MapImagePreview
            // A changed set of places is another image and frames the map anew.
            key={places.map((place) => place.id).join(',')}
            kind="list"
            id={listId}
            alt={label}
            places={places}
            renderMap={(scale) => (
              <NumberedPlacesMap places={places} label={label} imageScale={scale} />
            )}
          />
        )}
        onReport={report.open}
      />
      {report.element}
    </>
  );
}
