import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { SubmitButton } from '../../../components/form/submit-button';
import { messages } from '../../../config/messages';
import { isApiError } from '../../../lib/api-error';
import { useSecondStep } from '../api/account-security';

const text = messages.security;

/**
 * The second step of a password login: the authenticator app's code, or a recovery code
 * (docs/accounts.md#two-step-sign-in-and-passkeys). Wrong codes are counted by the server; the
 * fifth locks the second step for a while, and the message says so.
 */
export function SecondStepForm({ token, onSuccess }: { token: string; onSuccess: () => void }) {
  const secondStep = useSecondStep();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const label = recovery ? text.recoveryCode : text.totpCode;

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        secondStep
          .mutateAsync(recovery ? { token, recoveryCode: value } : { token, code: value })
          .then(onSuccess, (cause: unknown) => {
            if (!isApiError(cause)) return setError(messages.form.unexpected);
            const field = Object.values(cause.errors ?? {})[0]?.[0];
            setError(field ?? cause.message);
          });
      }}
    >
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {text.secondStepHeading}
      </Typography>
      <Typography variant="body2">
        {recovery ? text.recoveryIntro : text.secondStepIntro}
      </Typography>
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      <TextField
        key={recovery ? 'recovery' : 'code'}
        label={label}
        value={value}
        autoFocus
        required
        onChange={(event) => setValue(event.target.value)}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        slotProps={{ htmlInput: { inputMode: recovery ? 'text' : 'numeric' } }}
      />
      <SubmitButton
        pending={secondStep.isPending}
        label={text.verify}
        pendingLabel={text.verifying}
        fullWidth
      />
      <Button
        sx={{ alignSelf: 'flex-start', minHeight: 44 }}
        onClick={() => {
          setRecovery(!recovery);
          setValue('');
          setError(null);
        }}
      >
        {recovery ? text.useCode : text.useRecovery}
      </Button>
    </Stack>
  );
}
