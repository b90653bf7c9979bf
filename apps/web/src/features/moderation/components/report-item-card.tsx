import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { camelToSnake, REPORT_REASON_LABELS, REPORT_REASONS } from '@ekispot/shared';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { RouterLink } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { formatJapanDateTime, formatJapanDay } from '../../../lib/japan-time';
import type { ModerationItemView } from '../api/get-reports';
import type { OpenAction } from '../hooks/use-action-dialog';
import { availableActions } from '../utils/available-actions';
import { shorten } from '../utils/target-href';
import { ActionButtons, CardHeader, Facts, QueueCard } from './queue-parts';

const text = messages.moderation;

/** What the queue calls an item: its title, else the start of its text. */
function headingOf(item: ModerationItemView): string {
  return item.preview.title || shorten(item.preview.excerpt, 60) || text.untitled;
}

/**
 * One reported item: what it is and says (with a link while it can be opened), where it
 * stands, its author's record, the reports counted by reason, how long it has waited, and the
 * actions that make sense on it.
 */
export function ReportItemCard({
  item,
  onAction,
}: {
  item: ModerationItemView;
  onAction: OpenAction;
}) {
  const headingId = useId();
  const heading = headingOf(item);
  const { preview, author, authorHistory: history } = item;
  const showExcerpt = item.preview.title !== '' && preview.excerpt !== '';
  // The client camelCases keys (inappropriate_image → inappropriateImage): back to the reasons.
  const counts = new Map(
    Object.entries(item.reasons).map(([key, count]) => [camelToSnake(key), count ?? 0]),
  );

  const rows: [string, ReactNode][] = [
    [
      text.author(item.target.kind),
      <>
        {author ? (
          <RouterLink to={paths.profile.href(author.id)}>{author.name}</RouterLink>
        ) : (
          text.leftMember
        )}
        {history ? (
          <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
            {text.history(history.reports, history.actions)}
            {history.suspended ? (
              <Box component="span" sx={{ color: 'error.main', fontWeight: 700 }}>
                {'・'}
                {history.suspendedUntil
                  ? text.suspendedUntil(formatJapanDay(history.suspendedUntil))
                  : text.suspendedForGood}
              </Box>
            ) : null}
          </Box>
        ) : null}
      </>,
    ],
    [
      text.reasons,
      <Box
        component="ul"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}
      >
        {REPORT_REASONS.filter((reason) => (counts.get(reason) ?? 0) > 0).map((reason) => (
          <li key={reason}>
            {text.reasonCount(REPORT_REASON_LABELS[reason], counts.get(reason) ?? 0)}
          </li>
        ))}
      </Box>,
    ],
    [text.firstReported, formatJapanDateTime(item.firstReportedAt)],
    [text.lastReported, formatJapanDateTime(item.lastReportedAt)],
  ];

  return (
    <QueueCard labelledBy={headingId} overdue={item.overdue}>
      <CardHeader
        kind={item.target.kind}
        state={preview.state}
        waitingDays={item.waitingDays}
        overdue={item.overdue}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography
          id={headingId}
          component="h3"
          variant="subtitle1"
          sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
        >
          {preview.path ? <RouterLink to={preview.path}>{heading}</RouterLink> : heading}
        </Typography>
        {showExcerpt ? (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {preview.excerpt}
          </Typography>
        ) : null}
        <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 700 }}>
          {text.reportCount(item.reports)}
        </Typography>
      </Box>
      <Facts rows={rows} />
      <ActionButtons
        kind={item.target.kind}
        actions={availableActions(item.target.kind, preview.state, author !== null)}
        label={text.actions(heading)}
        onSelect={(action) =>
          onAction({ action, target: item.target, summary: shorten(heading, 60) })
        }
      />
    </QueueCard>
  );
}
