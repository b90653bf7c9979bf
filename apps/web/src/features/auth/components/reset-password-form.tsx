import { keysToCamel } from '@ekispot/shared';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormStatus } from '../../../components/form/form-alerts';
import { RouterButton, RouterLink } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useResetPassword } from '../api/reset-password';
import { passwordResetFormSchema } from '../schemas/account-form-schemas';
import { NewPasswordFields } from './new-password-fields';
import { SubmitButton } from '../../../components/form/submit-button';
import { useApiForm } from '../../../components/form/use-api-form';

const text = messages.auth;

/** A new password from the mailed link; an expired link offers to request another. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const [done, setDone] = useState<string | null>(null);
  const {
    control,
    submit,
    formError,
    setFormError,
    formState: { isSubmitting },
  } = useApiForm({
    schema: passwordResetFormSchema,
    defaultValues: { token, password: '', password_confirmation: '' },
    fields: ['password', 'password_confirmation'],
  });

  const onSubmit = submit(
    async (values) => {
      setDone(await reset.mutateAsync(keysToCamel(values)));
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
