import { passwordResetRequestBodySchema } from '@ekispot/shared';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormErrorAlert, FormStatus } from '../../../components/form/form-alerts';
import { FormTextField } from '../../../components/form/form-text-field';
import { StandaloneLink } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { SubmitButton } from '../../../components/form/submit-button';
import { useApiForm } from '../../../components/form/use-api-form';

const text = messages.auth;

/** Asks for a reset link. The answer is the same whether or not the address is registered. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const {
    control,
    submit,
    formError,
    formState: { isSubmitting },
  } = useApiForm({
    schema: passwordResetRequestBodySchema,
    defaultValues: { email: '' },
    fields: ['email'],
  });

  const onSubmit = submit(async (values) => {
    setSent(await request.mutateAsync(values));
  });

  return (
    <Stack spacing={2.5}>
      <FormStatus>{sent}</FormStatus>
      {sent ? (
        <Typography variant="body2" color="text.secondary">
          {text.forgot.sentNote}
        </Typography>
      ) : (
        <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
          <Typography>{text.forgot.intro}</Typography>
          <FormErrorAlert>{formError}</FormErrorAlert>
          <FormTextField
            control={control}
            name="email"
            label={text.fields.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
          />
          <SubmitButton
            pending={isSubmitting}
            label={text.forgot.submit}
            pendingLabel={text.forgot.submitting}
            fullWidth
          />
        </Stack>
      )}
      <StandaloneLink to={paths.login.href()} sx={{ alignSelf: 'flex-start' }}>
        {text.forgot.backToLogin}
      </StandaloneLink>
    </Stack>
  );
}
