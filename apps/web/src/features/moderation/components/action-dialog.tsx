import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MODERATION_REASON_MAX } from '@ekispot/shared';
import type { ModerationActionKind, ReportTargetKind } from '@ekispot/shared';
import { useEffect, useId, useRef } from 'react';
import { useController, useWatch } from 'react-hook-form';
import type { Control } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/form/form-alerts';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useApiForm } from '../../../components/form/use-api-form';
import { messages } from '../../../config/messages';
import { useTakeModerationAction } from '../api/take-action';
import { actionFormSchema } from '../schemas/action-form-schema';
import type { ActionFormInput, ActionFormOutput } from '../schemas/action-form-schema';
import { isSevere, tellsAuthor } from '../utils/available-actions';

const text = messages.moderation;

/** The fields a 422's field errors are shown beside; `target` and `action` go above. */
const FIELDS = ['reason', 'suspend_days'] as const;

/** Buttons and choices a thumb can hit on a phone. */
const TARGET_SIZE = 44;

/** What a moderator chose to do, and to what. */
export interface ActionRequest {
  action: ModerationActionKind;
  target: { kind: ReportTargetKind; id: string };
  /** How the dialog names the item (its title, the start of its text, the member's name). */
  summary: string;
}

export interface ActionDialogProps {
  open: boolean;
  request: ActionRequest;
  onClose: () => void;
  /** The API took the action: its message, for the page's snackbar. */
  onDone: (message: string) => void;
  /** The dialog has gone (its closing transition ended). */
  onExited?: () => void;
}

/**
 * One dialog for every action of the queue (docs/moderation.md): the reason (required, with
 * its count) and, to suspend, the days or 無期限; the API's refusals stay in the dialog, above
 * the form or beside their fields. It cannot be closed while the action is sent.
 */
export function ActionDialog({ open, request, onClose, onDone, onExited }: ActionDialogProps) {
  const take = useTakeModerationAction();
  const titleId = useId();
  const introId = useId();
  const busy = take.isPending;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={introId}
      fullWidth
      maxWidth="sm"
      scroll="paper"
      // The default 32 px margins leave 256 px of a 320 px phone: half of them is enough.
      slotProps={{
        transition: { onExited },
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
      <ActionForm
        request={request}
        titleId={titleId}
        introId={introId}
        busy={busy}
        send={async (values) => {
          const { message } = await take.mutateAsync({
            action: request.action,
            target: request.target,
            reason: values.reason,
            ...(values.suspend_days === undefined ? {} : { suspendDays: values.suspend_days }),
          });
          onDone(message);
        }}
        onCancel={onClose}
      />
    </Dialog>
  );
}

function ActionForm({
  request,
  titleId,
  introId,
  busy,
  send,
  onCancel,
}: {
  request: ActionRequest;
  titleId: string;
  introId: string;
  busy: boolean;
  send: (values: ActionFormOutput) => Promise<void>;
  onCancel: () => void;
}) {
  const { action, target } = request;
  const { control, submit, formError, clearErrors } = useApiForm({
    schema: actionFormSchema(action),
    defaultValues: { reason: '', suspend_days: '', indefinite: false },
    fields: FIELDS,
  });
  const reason = useWatch({ control, name: 'reason' });
  const label = text.action(action, target.kind);
  // A refusal is shown above the fields: on a phone the content may be scrolled past it.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (formError && content.current) content.current.scrollTop = 0;
  }, [formError]);

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit(send)}
      // A column like the dialog's paper, so that the content scrolls between title and buttons.
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <DialogTitle id={titleId}>{label}</DialogTitle>
      <DialogContent dividers ref={content}>
        <Stack spacing={2}>
          <Box id={introId}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {text.dialog.target(target.kind, request.summary)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {tellsAuthor(action) ? text.dialog.toAuthor : text.dialog.recordOnly}
            </Typography>
          </Box>
          <FormErrorAlert>{formError}</FormErrorAlert>
          <FormTextField
            control={control}
            name="reason"
            label={text.dialog.reason}
            helperText={messages.form.charCount(reason.length, MODERATION_REASON_MAX)}
            multiline
            minRows={3}
            required
            disabled={busy}
          />
          {action === 'suspend' ? (
            <SuspensionFields
              control={control}
              disabled={busy}
              onIndefinite={() => clearErrors('suspend_days')}
            />
          ) : null}
        </Stack>
      </DialogContent>
      {/* On a narrow phone the long action label takes a row of its own rather than breaking. */}
      <DialogActions
        sx={{
          px: 2,
          py: 1.5,
          gap: 1,
          flexWrap: 'wrap',
          '& > :not(style) ~ :not(style)': { ml: 0 },
          '& > *': { whiteSpace: 'nowrap', minHeight: TARGET_SIZE },
        }}
      >
        <Button onClick={onCancel} disabled={busy}>
          {text.dialog.cancel}
        </Button>
        <SubmitButton
          pending={busy}
          label={label}
          pendingLabel={text.dialog.submitting}
          size="medium"
          color={isSevere(action) ? 'error' : 'primary'}
        />
      </DialogActions>
    </Box>
  );
}

type ActionControl = Control<ActionFormInput, unknown, ActionFormOutput>;

/** How long: whole days, or 無期限 (which sets the days aside). */
function SuspensionFields({
  control,
  disabled,
  onIndefinite,
}: {
  control: ActionControl;
  disabled: boolean;
  onIndefinite: () => void;
}) {
  const { field } = useController({ control, name: 'indefinite' });
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1, sm: 2 }}
      sx={{ alignItems: { sm: 'flex-start' } }}
    >
      <FormTextField
        control={control}
        name="suspend_days"
        label={text.dialog.days}
        disabled={disabled || field.value}
        required={!field.value}
        sx={{ maxWidth: { sm: 200 } }}
        slotProps={{
          htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
          input: {
            endAdornment: <InputAdornment position="end">{text.dialog.daysUnit}</InputAdornment>,
          },
        }}
      />
      <FormControlLabel
        label={text.dialog.indefinite}
        disabled={disabled}
        sx={{ minHeight: TARGET_SIZE, mr: 0 }}
        control={
          <Checkbox
            name={field.name}
            checked={field.value}
            slotProps={{ input: { ref: field.ref } }}
            onBlur={field.onBlur}
            onChange={(event) => {
              field.onChange(event.target.checked);
              if (event.target.checked) onIndefinite();
            }}
          />
        }
      />
    </Stack>
  );
}
