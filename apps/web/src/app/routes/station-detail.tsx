import { useParams } from 'react-router';
import { StampButton } from '../../features/stamps/components/stamp-button';
import { AddToListButton } from '../../features/lists/components/add-to-list-button';
import { RideStationButtons } from '../../features/rides/components/ride-station-buttons';
import { StationDetail } from '../../features/stations/components/station-detail';

/** /station/:stationGroupId — the parameter is validated by the route guard. */
export function Component() {
  const { stationGroupId } = useParams();
  const id = Number(stationGroupId);
  return (
    <StationDetail
      stationGroupId={id}
      // The check-in refreshes the station's own 「スタンプ」 count (lib/write-map.ts).
      stampButton={(name) => (
        <>
          <StampButton stationGroupId={id} name={name} />
          <RideStationButtons stationGroupId={id} />
        </>
      )}
      renderActions={(groupId, onNotice) => (
        <AddToListButton target={{ stationGroupId: groupId }} onNotice={onNotice} />
      )}
    />
  );
}
