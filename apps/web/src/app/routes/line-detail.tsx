import { useParams } from 'react-router';
import { LineDetail } from '../../features/stations/components/line-detail';

/** /line/:lineId — the parameter is validated by the route guard. */
export function Component() {
  const { lineId } = useParams();
  const id = Number(lineId);
  return <LineDetail key={id} lineId={id} />;
}
