import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MODERATION_ACTION_LABELS } from '@ekispot/shared';
import type { ReactNode } from 'react';
import { PagedQueryState } from '../../../components/paged-query-state';
import { messages } from '../../../config/messages';
import { formatJapanDateTime, formatJapanDay } from '../../../lib/japan-time';
import { useModerationLog } from '../api/get-log';
import type { ModerationLogEntryView } from '../api/get-log';
import { Facts } from './queue-parts';

const text = messages.moderation.log;

/** /moderation/log: every action taken, newest first — who, what, to what, when and why. */
export function ModerationLog() {
  const query = useModerationLog();
  return (
    <PagedQueryState
      query={query}
      text={text}
      empty={text.empty}
      placeholder={{ height: 140, sx: { display: 'grid', gap: 2 } }}
    >
      {(entries) => (
        <Stack
          component="ol"
          aria-label={text.label}
          spacing={2}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {entries.map((entry) => (
            <Box component="li" key={entry.id} sx={{ minWidth: 0 }}>
              <LogEntry entry={entry} />
            </Box>
          ))}
        </Stack>
      )}
    </PagedQueryState>
  );
}

function LogEntry({ entry }: { entry: ModerationLogEntryView }) {
  const rows: [string, ReactNode][] = [
    [text.moderator, entry.moderator.name],
    [text.target(entry.target.kind), entry.targetSummary],
  ];
  if (entry.targetOwner && entry.target.kind !== 'user') {
    rows.push([text.owner, entry.targetOwner.name]);
  }
  rows.push([
    text.reason,
    <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
      {entry.reason}
    </Box>,
  ]);
  if (entry.action === 'suspend') {
    rows.push([
      text.suspendedUntil,
      entry.suspendedUntil ? text.until(formatJapanDay(entry.suspendedUntil)) : text.forGood,
    ]);
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Chip
          size="small"
          color={entry.action === 'dismiss' || entry.action === 'restore' ? 'default' : 'primary'}
          label={MODERATION_ACTION_LABELS[entry.action]}
          sx={{ fontWeight: 700 }}
        />
        <Typography
          variant="body2"
          color="text.secondary"
          component="time"
          dateTime={entry.createdAt}
        >
          {formatJapanDateTime(entry.createdAt)}
        </Typography>
        {entry.reportsClosed > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {text.reportsClosed(entry.reportsClosed)}
          </Typography>
        ) : null}
      </Stack>
      <Facts rows={rows} />
    </Paper>
  );
}
