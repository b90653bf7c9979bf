import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { StampButton } from '../../features/stamps/components/stamp-button';
import { AddToListButton } from '../../features/lists/components/add-to-list-button';
import { stationKeys } from '../../features/stations/api/query-keys';
import { StationDetail } from '../../features/stations/components/station-detail';

/** /station/:stationGroupId — the parameter is validated by the route guard. */
export function Component() {
  const { stationGroupId } = useParams();
  const queryClient = useQueryClient();
  const id = Number(stationGroupId);
  // The station's own 「スタンプ」 count is part of its page.
  const refreshStation = () =>
    void queryClient.invalidateQueries({ queryKey: stationKeys.detail(id) });
  return (
    <StationDetail
      stationGroupId={id}
      stampButton={(name) => (
        <StampButton stationGroupId={id} name={name} onStamped={refreshStation} />
      )}
      renderActions={(groupId, onNotice) => (
        <AddToListButton target={{ stationGroupId: groupId }} onNotice={onNotice} />
      )}
    />
  );
}
