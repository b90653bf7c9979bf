import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';

const text = messages.rides;

/** 「ここから乗った」「ここで降りた」 on a station page: the ride form, started at this station. */
export function RideStationButtons({ stationGroupId }: { stationGroupId: number }) {
  return (
    <Stack direction="row" sx={{ mt: 1, gap: 1, flexWrap: 'wrap' }}>
      <Button
        variant="outlined"
        component={RouterLink}
        to={paths.rideNew.href({ from: stationGroupId })}
        sx={{ minHeight: 44 }}
      >
        {text.boardedHere}
      </Button>
      <Button
        variant="outlined"
        component={RouterLink}
        to={paths.rideNew.href({ to: stationGroupId })}
        sx={{ minHeight: 44 }}
      >
        {text.alightedHere}
      </Button>
    </Stack>
  );
}
