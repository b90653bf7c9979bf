import Chip from '@mui/material/Chip';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * A line as a chip that opens its page (/line/:lineId): the same link wherever a station's
 * lines are named (its page, the map's station sheet, 駅ガチャ's result). A small chip is drawn
 * 24 px high for a mouse; on a touch screen every clickable chip is 44 px (lib/theme.ts).
 */
export function LineChip({
  line,
  size = 'medium',
}: {
  line: { id: number; name: string };
  size?: 'small' | 'medium';
}) {
  return (
    <Chip
      component={RouterLink}
      to={paths.line.href(line.id)}
      clickable
      label={line.name}
      color="primary"
      variant="outlined"
      size={size}
      sx={size === 'medium' ? { height: 44, borderRadius: 22 } : undefined}
    />
  );
}
