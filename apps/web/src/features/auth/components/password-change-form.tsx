import { keysToCamel } from '@ekispot/shared';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormErrorAlert, FormStatus } from '../../../components/form/form-alerts';
import { FormTextField } from '../../../components/form/form-text-field';
import { messages } from '../../../config/messages';
import { useChangePassword } from '../api/change-password';
import { passwordChangeFormSchema } from '../schemas/account-form-schemas';
import { NewPasswordFields } from './new-password-fields';
import { SubmitButton } from '../../../components/form/submit-button';
import { useApiForm } from '../../../components/form/use-api-form';

const text = messages.auth;

/** Current password, new password and its confirmation. */
export function PasswordChangeForm() {
  const change = useChangePassword();
  const [changed, setChanged] = useState<string | null>(null);
  const {
    control,
    submit,
    formError,
    reset,
    formState: { isSubmitting },
  } = useApiForm({
    schema: passwordChangeFormSchema,
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
    fields: ['current_password', 'password', 'password_confirmation'],
  });

  const onSubmit = submit(async (values) => {
    setChanged(null);
    const message = await change.mutateAsync(keysToCamel(values));
    reset();
    setChanged(message);
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      <Typography variant="body2" color="text.secondary">
        {text.settings.passwordIntro}
      </Typography>
      <FormErrorAlert>{formError}</FormErrorAlert>
      <FormTextField
        control={control}
        name="current_password"
        label={text.fields.currentPassword}
        type="password"
        autoComplete="current-password"
        required
      />
      <NewPasswordFields control={control} replacing={true} />
      <FormStatus>{changed}</FormStatus>
      <SubmitButton
        pending={isSubmitting}
        label={text.settings.changePassword}
        pendingLabel={text.settings.changingPassword}
        sx={{ alignSelf: 'flex-start' }}
      />
    </Stack>
  );
}
