import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { CamelCased, StationSummary } from '@ekispot/shared';
import Box from '@mui/material/Box';
import { RouterButton } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { LineChip } from './line-chip';

interface GachaResultCardProps {
  station: CamelCased<StationSummary>;
  onAgain: () => void;
  busy: boolean;
}

/** The drawn station: its name, prefecture, its lines (each a link to its page) and a way there. */
export function GachaResultCard({ station, onAgain, busy }: GachaResultCardProps) {
  return (
    <Card variant="outlined" data-testid="gacha-result">
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="p">
          {messages.gacha.resultHeading}
        </Typography>
        <Typography component="h2" variant="h4" sx={{ fontWeight: 700 }}>
          {station.name}
        </Typography>
        <Typography sx={{ mt: 1 }}>{station.prefecture.name}</Typography>
        <Typography variant="caption" color="text.secondary" component="h3" sx={{ mt: 2 }}>
          {messages.gacha.lines}
        </Typography>
        <Box
          component="ul"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, mt: 0.5, listStyle: 'none' }}
        >
          {station.lines.map((line) => (
            <li key={line.id}>
              <LineChip line={line} size="small" />
            </li>
          ))}
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
        <Button variant="outlined" onClick={onAgain} disabled={busy}>
          {messages.gacha.again}
        </Button>
        <RouterButton variant="contained" to={paths.station.href(station.id)}>
          {messages.gacha.go}
        </RouterButton>
      </CardActions>
    </Card>
  );
}
