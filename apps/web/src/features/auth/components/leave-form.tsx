import { deleteAccountBodySchema } from '@ekispot/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/form/form-alerts';
import { FormTextField } from '../../../components/form/form-text-field';
import { StandaloneLink } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useDeleteAccount } from '../api/delete-account';
import { applyApiError } from '../../../components/form/apply-api-error';

const text = messages.auth.leave;

/**
 * Leaving: what is deleted, the password, then a confirmation dialog. `onLeft` gets the
 * server's farewell once the account is gone and the session forgotten.
 */
export function LeaveForm({ onLeft }: { onLeft: (message: string) => void }) {
  const remove = useDeleteAccount();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<{ password: string } | null>(null);
  // After a refusal, focus goes to the password field, not back to the button that opened the dialog.
  const [refused, setRefused] = useState(false);
  const { control, handleSubmit, setError, setFocus } = useForm({
    resolver: zodResolver(deleteAccountBodySchema),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    setRefused(false);
    setPending(values);
  });

  const confirm = async () => {
    if (!pending) return;
    try {
      const message = await remove.mutateAsync(pending);
      onLeft(message);
    } catch (error) {
      setRefused(true);
      setPending(null);
      setFormError(applyApiError(error, setError, ['password']));
    }
  };

  return (
    <Stack spacing={3}>
      <Alert severity="warning">
        <AlertTitle>{text.warningTitle}</AlertTitle>
        <ul style={{ margin: 0, paddingInlineStart: '1.25em' }}>
          {text.deleted.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 700 }}>
          {text.irreversible}
        </Typography>
      </Alert>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
        <Typography>{text.passwordPrompt}</Typography>
        <FormErrorAlert>{formError}</FormErrorAlert>
        <FormTextField
          control={control}
          name="password"
          label={messages.auth.fields.password}
          type="password"
          autoComplete="current-password"
          required
        />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button type="submit" variant="contained" color="error" disabled={remove.isPending}>
            {text.submit}
          </Button>
          <StandaloneLink to={paths.settingsProfile.href()}>{text.backToSettings}</StandaloneLink>
        </Stack>
      </Stack>
      <Dialog
        open={pending !== null}
        onClose={() => {
          if (!remove.isPending) setPending(null);
        }}
        aria-labelledby="leave-confirm-title"
        aria-describedby="leave-confirm-body"
        disableRestoreFocus={refused}
        slotProps={{
          transition: {
            onExited: () => {
              if (refused) setFocus('password');
            },
          },
        }}
      >
        <DialogTitle id="leave-confirm-title">{text.confirmTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText id="leave-confirm-body">{text.confirmBody}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button autoFocus onClick={() => setPending(null)} disabled={remove.isPending}>
            {text.cancel}
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => void confirm()}
            disabled={remove.isPending}
          >
            {remove.isPending ? text.confirming : text.confirm}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
