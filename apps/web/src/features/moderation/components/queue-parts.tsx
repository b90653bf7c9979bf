import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ModerationActionKind, ModerationItemState, ReportTargetKind } from '@ekispot/shared';
import type { ReactNode } from 'react';
import { messages } from '../../../config/messages';
import { isSevere } from '../utils/available-actions';

const text = messages.moderation;

/** Buttons a thumb can hit on a phone. */
export const TARGET_SIZE = 44;

const STATE_COLORS: Record<ModerationItemState, 'success' | 'warning' | 'default' | 'error'> = {
  visible: 'success',
  hidden: 'warning',
  removed: 'default',
  suspended: 'error',
};

/**
 * One item of a queue: an article named by its heading; an overdue one has a red edge (its
 * 「期限超過」 says so in words too).
 */
export function QueueCard({
  labelledBy,
  overdue,
  children,
}: {
  labelledBy: string;
  overdue: boolean;
  children: ReactNode;
}) {
  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={labelledBy}
      data-overdue={overdue ? 'true' : 'false'}
      sx={{
        p: { xs: 1.5, sm: 2 },
        borderLeftWidth: overdue ? 6 : 1,
        borderLeftColor: overdue ? 'error.main' : undefined,
        display: 'grid',
        gap: 1.5,
        minWidth: 0,
      }}
    >
      {children}
    </Paper>
  );
}

/** The kind of item, where it stands, and how long it has waited. */
export function CardHeader({
  kind,
  state,
  waitingDays,
  overdue,
}: {
  kind: ReportTargetKind | null;
  state: ModerationItemState | null;
  waitingDays: number;
  overdue: boolean;
}) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      {kind ? <Chip size="small" variant="outlined" label={text.kind(kind)} /> : null}
      {state ? (
        <Chip
          size="small"
          color={STATE_COLORS[state]}
          label={text.state(state)}
          aria-label={text.stateLabel(state)}
        />
      ) : null}
      <Box sx={{ flex: 1 }} />
      <Waiting days={waitingDays} overdue={overdue} />
    </Stack>
  );
}

/** 「9日経過」, and for an overdue item a red 「期限超過」 with a warning sign. */
export function Waiting({ days, overdue }: { days: number; overdue: boolean }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="waiting">
      <Typography
        variant="body2"
        sx={{ fontWeight: overdue ? 700 : 400, color: overdue ? 'error.main' : 'text.secondary' }}
      >
        {text.waiting(days)}
      </Typography>
      {overdue ? (
        <Chip
          size="small"
          color="error"
          icon={<WarningAmberIcon aria-hidden="true" />}
          label={text.overdue}
          sx={{ fontWeight: 700 }}
        />
      ) : null}
    </Stack>
  );
}

/** Facts about an item as label–value rows (a description list). */
export function Facts({ rows }: { rows: readonly (readonly [label: string, value: ReactNode])[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'auto minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 0.75 },
        '& dt': { color: 'text.secondary', typography: 'body2' },
        '& dd': { m: 0, mb: { xs: 0.75, sm: 0 }, typography: 'body2', overflowWrap: 'anywhere' },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

/** The actions that make sense on the item, each opening the action dialog. */
export function ActionButtons({
  kind,
  actions,
  label,
  onSelect,
}: {
  kind: ReportTargetKind;
  actions: readonly ModerationActionKind[];
  /** The group's name: 「{item}への対応」. */
  label: string;
  onSelect: (action: ModerationActionKind) => void;
}) {
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {actions.map((action) => (
        <Button
          key={action}
          variant="outlined"
          color={isSevere(action) ? 'error' : 'primary'}
          aria-haspopup="dialog"
          onClick={() => onSelect(action)}
          sx={{ minHeight: TARGET_SIZE }}
        >
          {text.action(action, kind)}
        </Button>
      ))}
    </Box>
  );
}
