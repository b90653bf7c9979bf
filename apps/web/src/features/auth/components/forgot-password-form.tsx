import { passwordResetRequestBodySchema } from '@ekispot/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormErrorAlert, FormStatus } from '../../../components/form/form-alerts';
import { FormTextField } from '../../../components/form/form-text-field';
import { RouterLink } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { applyApiError } from '../../../components/form/apply-api-error';
import { SubmitButton } from '../../../components/form/submit-button';

const text = messages.auth;

/** Asks for a reset link. The answer is the same whether or not the address is registered. */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(passwordResetRequestBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      setSent(await request.mutateAsync(values));
    } catch (error) {
      setFormError(applyApiError(error, setError, ['email']));
    }
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
      <RouterLink to={paths.login.href()}>{text.forgot.backToLogin}</RouterLink>
    </Stack>
  );
}
