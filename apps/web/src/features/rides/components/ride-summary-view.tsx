import type { CamelCased, RideSummary } from '@ekispot/shared';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useRideSummary } from '../api/rides';

const text = messages.rides;
type Summary = CamelCased<RideSummary>;

interface ProgressRow {
  riddenM: number;
  totalM: number;
  riddenSections: number;
  totalSections: number;
}

/** One total: the share by length, as a bar, with the length and sections in words. */
function Progress({
  label,
  row,
  extra,
}: {
  label: string;
  row: ProgressRow;
  extra?: React.ReactNode;
}) {
  const share = row.totalM > 0 ? row.riddenM / row.totalM : 0;
  return (
    <Box sx={{ py: 0.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700 }}>{label}</Typography>
        <Typography variant="body2">{text.share(share)}</Typography>
        {extra}
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, share * 100)}
        aria-label={`${label} ${text.share(share)}`}
      />
      <Typography variant="body2" color="text.secondary">
        {`${text.ridden(text.distance(row.riddenM), text.distance(row.totalM))}・${text.sections(row.riddenSections, row.totalSections)}`}
      </Typography>
    </Box>
  );
}

/** A summary's totals: Japan, the lines ridden (完乗 marked), companies and prefectures. */
export function RideSummaryTotals({ summary }: { summary: Summary }) {
  const prefectures = summary.prefectures.filter((prefecture) => prefecture.riddenSections > 0);
  return (
    <Box component="section" aria-labelledby="ride-summary-heading">
      <Typography id="ride-summary-heading" component="h2" variant="h6">
        {text.summaryHeading}
      </Typography>
      <Progress label={text.japan} row={summary} />
      {summary.lines.length > 0 ? (
        <>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 2 }}>
            {text.lines}
          </Typography>
          {summary.lines.map((line) => (
            <Progress
              key={line.id}
              label={line.name}
              row={line}
              extra={
                <>
                  {line.completedOn ? (
                    <Chip size="small" color="success" label={text.completed(line.completedOn)} />
                  ) : null}
                  <RouterLink to={paths.line.href(line.id)}>{text.linePage}</RouterLink>
                </>
              }
            />
          ))}
        </>
      ) : null}
      {summary.companies.length > 0 ? (
        <>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 2 }}>
            {text.companies}
          </Typography>
          {summary.companies.map((company) => (
            <Progress key={company.id} label={company.name} row={company} />
          ))}
        </>
      ) : null}
      {prefectures.length > 0 ? (
        <>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 2 }}>
            {text.prefectures}
          </Typography>
          {prefectures.map((prefecture) => (
            <Progress key={prefecture.id} label={prefecture.name} row={prefecture} />
          ))}
        </>
      ) : null}
    </Box>
  );
}

export function RideSummaryView() {
  const summary = useRideSummary();
  if (!summary.data) return null;
  return <RideSummaryTotals summary={summary.data} />;
}
