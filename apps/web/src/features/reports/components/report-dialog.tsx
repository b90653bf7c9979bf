import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  REPORT_ACCEPTED_MESSAGE,
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  reportCreateBodySchema,
} from '@ekispot/shared';
import type { ReportCreateBody } from '@ekispot/shared';
import { useEffect, useId, useRef } from 'react';
import { useController, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import { FormErrorAlert } from '../../../components/form/form-alerts';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useApiForm } from '../../../components/form/use-api-form';
import { messages } from '../../../config/messages';
import type { ReportTarget } from '../../../lib/report-target';
import { useCreateReport } from '../api/create-report';

const text = messages.reports;

type ReportFormInput = z.input<typeof reportCreateBodySchema>;

/** The fields a 422's field errors are shown beside; `target` (one's own item) goes above. */
const FIELDS = ['reason', 'note'] as const;

/** Buttons and choices a thumb can hit on a phone. */
const TARGET_SIZE = 44;

export interface ReportDialogProps {
  open: boolean;
  target: ReportTarget;
  onClose: () => void;
  /** The API accepted the report: its message, for the page's snackbar. */
  onReported: (message: string) => void;
}

/**
 * 「この投稿を報告」 (docs/moderation.md#screens): one of the six reasons, an optional note with
 * its count, checked by the shared schema; the API's refusals (already reported, gone, too
 * many, one's own) are shown in the dialog. It cannot be closed while the report is sent.
 */
export function ReportDialog({ open, target, onClose, onReported }: ReportDialogProps) {
  const create = useCreateReport();
  const titleId = useId();
  const introId = useId();
  const busy = create.isPending;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={introId}
      fullWidth
      maxWidth="xs"
      scroll="paper"
      // The default 32 px margins leave 256 px of a 320 px phone: half of them is enough.
      slotProps={{
        paper: {
          sx: {
            m: { xs: 2, sm: 4 },
            width: { xs: 'calc(100% - 32px)', sm: 'calc(100% - 64px)' },
            maxHeight: { xs: 'calc(100% - 32px)', sm: 'calc(100% - 64px)' },
          },
        },
      }}
    >
      {/* Mounted while open only, so each opening starts from an empty form. */}
      <ReportForm
        target={target}
        titleId={titleId}
        introId={introId}
        busy={busy}
        send={async (body) => {
          const { message } = await create.mutateAsync(body);
          onReported(message || REPORT_ACCEPTED_MESSAGE);
        }}
        onCancel={onClose}
      />
    </Dialog>
  );
}

function ReportForm({
  target,
  titleId,
  introId,
  busy,
  send,
  onCancel,
}: {
  target: ReportTarget;
  titleId: string;
  introId: string;
  busy: boolean;
  send: (body: ReportCreateBody) => Promise<void>;
  onCancel: () => void;
}) {
  const { control, submit, formError } = useApiForm({
    schema: reportCreateBodySchema,
    defaultValues: { target, note: '' },
    fields: FIELDS,
  });
  const note = useWatch({ control, name: 'note' }) ?? '';
  // A refusal is shown above the reasons: on a phone the content may be scrolled past it.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (formError && content.current) content.current.scrollTop = 0;
  }, [formError]);

  return (
    <Box
      component="form"
      noValidate
      // An empty note is no note.
      onSubmit={submit((values) => send({ ...values, note: values.note || undefined }))}
      // A column like the dialog's paper, so that the content scrolls between title and buttons.
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <DialogTitle id={titleId}>{text.title(target.kind)}</DialogTitle>
      <DialogContent dividers ref={content}>
        <Stack spacing={2}>
          <Typography id={introId} variant="body2" color="text.secondary">
            {text.intro}
          </Typography>
          <FormErrorAlert>{formError}</FormErrorAlert>
          <ReasonField control={control} disabled={busy} />
          <FormTextField
            control={control}
            name="note"
            label={text.note}
            placeholder={text.notePlaceholder}
            helperText={messages.form.charCount(note.length, REPORT_NOTE_MAX)}
            multiline
            minRows={3}
            disabled={busy}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 2, py: 1.5, gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        <Button onClick={onCancel} disabled={busy} sx={{ minHeight: TARGET_SIZE }}>
          {text.cancel}
        </Button>
        <SubmitButton
          pending={busy}
          label={text.submit}
          pendingLabel={text.submitting}
          size="medium"
          sx={{ minHeight: TARGET_SIZE }}
        />
      </DialogActions>
    </Box>
  );
}

/** The six reasons as radio buttons; the first one takes focus when none was chosen. */
function ReasonField({
  control,
  disabled,
}: {
  control: Control<ReportFormInput, unknown, ReportCreateBody>;
  disabled: boolean;
}) {
  const legendId = useId();
  const errorId = useId();
  const { field, fieldState } = useController({ control, name: 'reason' });
  const error = fieldState.error?.message;
  return (
    <FormControl component="fieldset" error={error !== undefined} disabled={disabled} required>
      <FormLabel component="legend" id={legendId} sx={{ fontWeight: 700 }}>
        {text.reason}
      </FormLabel>
      <RadioGroup
        aria-labelledby={legendId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
        name={field.name}
        value={field.value ?? ''}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      >
        {REPORT_REASONS.map((reason, index) => (
          <FormControlLabel
            key={reason}
            value={reason}
            label={REPORT_REASON_LABELS[reason]}
            control={<Radio slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }} />}
            sx={{ minHeight: TARGET_SIZE, mr: 0 }}
          />
        ))}
      </RadioGroup>
      {error ? (
        <FormHelperText id={errorId} sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}
