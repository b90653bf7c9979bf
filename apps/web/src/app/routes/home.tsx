import { StationMap } from '../../features/stations/components/station-map';

/** / — the top page: the station map. */
export function Component() {
  return <StationMap />;
}
