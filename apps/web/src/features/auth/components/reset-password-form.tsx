import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormStatus } from '../../../components/form/form-alerts';
import { RouterButton, RouterLink } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useResetPassword } from '../api/reset-password';
import { passwordResetFormSchema } from '../schemas/account-form-schemas';
import { applyApiError } from '../../../components/form/apply-api-error';
import { NewPasswordFields } from './new-password-fields';
import { SubmitButton } from '../../../components/form/submit-button';

const text = messages.auth;

/** A new password from the mailed link; an expired link offers to request another. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(passwordResetFormSchema),
    defaultValues: { token, password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      setFormError(null);
      try {
        setDone(await reset.mutateAsync(values));
      } catch (error) {
        setFormError(applyApiError(error, setError, ['password', 'password_confirmation']));
      }
    },
    // The token has no field of its own: a malformed link is reported above the form.
    (errors) => setFormError(errors.token?.message ?? null),
  );

  return (
    <Stack spacing={2.5}>
      <FormStatus>{done}</FormStatus>
      {done ? (
        <RouterButton to={paths.login.href()} variant="contained" sx={{ alignSelf: 'flex-start' }}>
          {text.resetPassword.toLogin}
        </RouterButton>
      ) : (
        <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
          <Typography>{text.resetPassword.intro}</Typography>
          {formError ? (
            <Alert severity="error" role="alert">
              {formError}
              <br />
              <RouterLink to={paths.forgot.href()}>{text.resetPassword.requestAgain}</RouterLink>
            </Alert>
          ) : null}
          <NewPasswordFields control={control} replacing={true} />
          <SubmitButton
            pending={isSubmitting}
            label={text.resetPassword.submit}
            pendingLabel={text.resetPassword.submitting}
            fullWidth
          />
        </Stack>
      )}
    </Stack>
  );
}
