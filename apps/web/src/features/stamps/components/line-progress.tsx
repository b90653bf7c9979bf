import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CamelCased, StampSummary } from '@ekispot/shared';
import { messages } from '../../../config/messages';

type Lines = CamelCased<StampSummary>['lines'];

const text = messages.stamps.completion;

/** One bar per line with a stamp, most complete first: 「JR山手線 12/30」. */
export function LineProgress({ lines }: { lines: Lines }) {
  if (lines.length === 0) return <Typography color="text.secondary">{text.noLines}</Typography>;
  return (
    <Stack component="ul" spacing={1.25} sx={{ p: 0, m: 0, listStyle: 'none' }}>
      {lines.map((line) => {
        const label = text.lineProgress(line.name, line.stamped, line.total);
        return (
          <li key={line.id}>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {label}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={line.total > 0 ? Math.min(100, (line.stamped / line.total) * 100) : 0}
              aria-label={label}
              sx={{
                height: 8,
                borderRadius: 4,
                ...(line.color && { '& .MuiLinearProgress-bar': { bgcolor: line.color } }),
              }}
            />
          </li>
        );
      })}
    </Stack>
  );
}
