import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { REPORT_REASON_LABELS, TAKEDOWN_RELATIONSHIP_LABELS } from '@ekispot/shared';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { RouterLink } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { formatJapanDateTime } from '../../../lib/japan-time';
import type { TakedownItemView } from '../api/get-takedowns';
import type { OpenAction } from '../hooks/use-action-dialog';
import { availableActions } from '../utils/available-actions';
import { ownPath, shorten, targetHref } from '../utils/target-href';
import { ActionButtons, CardHeader, Facts, QueueCard } from './queue-parts';

const text = messages.moderation;
const takedownText = text.takedown;

/**
 * One confirmed 削除の申し出: the address it names, who asks and why, and how long it has
 * waited. It is acted on through the item it names, like a report; when no item could be told
 * from the address, it is left to be handled by hand.
 */
export function TakedownCard({ item, onAction }: { item: TakedownItemView; onAction: OpenAction }) {
  const headingId = useId();
  const { target } = item;
  const href = target ? (ownPath(item.url) ?? targetHref(target)) : null;
  const requester = `${item.name || takedownText.anonymous} <${item.email}>`;

  const rows: [string, ReactNode][] = [
    [takedownText.relationship, TAKEDOWN_RELATIONSHIP_LABELS[item.relationship]],
    [takedownText.requester, requester],
    [takedownText.reason, REPORT_REASON_LABELS[item.reason]],
    [
      takedownText.details,
      <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
        {item.details}
      </Box>,
    ],
    [takedownText.confirmedAt, formatJapanDateTime(item.confirmedAt)],
    [takedownText.receiptNumber, item.receiptNumber],
  ];
  if (target && href) {
    rows.unshift([
      takedownText.target(target.kind),
      <RouterLink to={href} sx={{ display: 'inline-flex', alignItems: 'center', minHeight: 44 }}>
        {text.open}
      </RouterLink>,
    ]);
  }

  return (
    <QueueCard labelledBy={headingId} overdue={item.overdue}>
      <CardHeader
        kind={target?.kind ?? null}
        state={null}
        waitingDays={item.waitingDays}
        overdue={item.overdue}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {takedownText.url}
        </Typography>
        <Typography
          id={headingId}
          component="h3"
          variant="subtitle1"
          sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
        >
          {item.url}
        </Typography>
      </Box>
      <Facts rows={rows} />
      {target ? (
        <ActionButtons
          kind={target.kind}
          actions={availableActions(target.kind, null, true)}
          label={text.actions(shorten(item.url, 60))}
          onSelect={(action) => onAction({ action, target, summary: shorten(item.url, 60) })}
        />
      ) : (
        <Alert severity="info">{takedownText.noTarget}</Alert>
      )}
    </QueueCard>
  );
}
