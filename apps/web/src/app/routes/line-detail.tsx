import { useParams } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { useLineRides } from '../../features/rides/components/line-rides';
import { LineDetail } from '../../features/stations/components/line-detail';

/** /line/:lineId — the parameter is validated by the route guard. */
export function Component() {
  const { lineId } = useParams();
  const id = Number(lineId);
  return <LineWithRides key={id} lineId={id} />;
}

/** The line, with the signed-in member's rides on it (docs/rides.md#line-pages). */
function LineWithRides({ lineId }: { lineId: number }) {
  const me = useMe();
  const rides = useLineRides(lineId, Boolean(me.data));
  return <LineDetail lineId={lineId} {...rides} />;
}
