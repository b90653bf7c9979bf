import { useParams } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { ListDetail } from '../../features/lists/components/list-detail';
import { ListMapOnRequest } from '../../features/lists/components/list-map-on-request';
import { useReportDialog } from '../../features/reports/hooks/use-report-dialog';
import { NumberedPlacesMap } from '../../features/stations/components/numbered-places-map';

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
          <ListMapOnRequest places={places}>
            <NumberedPlacesMap places={places} label={label} />
          </ListMapOnRequest>
        )}
        onReport={report.open}
      />
      {report.element}
    </>
  );
}
