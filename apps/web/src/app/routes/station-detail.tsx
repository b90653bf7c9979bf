import { useParams } from 'react-router';
import { StationDetail } from '../../features/stations/components/station-detail';

/** /station/:stationGroupId — the parameter is validated by the route guard. */
export function Component() {
  const { stationGroupId } = useParams();
  return <StationDetail stationGroupId={Number(stationGroupId)} />;
}
