import { emailChangeRequestBodySchema } from '@ekispot/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormErrorAlert, FormStatus } from '../../../components/form/form-alerts';
import { FormTextField } from '../../../components/form/form-text-field';
import { messages } from '../../../config/messages';
import { useRequestEmailChange } from '../api/request-email-change';
import { applyApiError } from '../../../components/form/apply-api-error';
import { SubmitButton } from '../../../components/form/submit-button';

const text = messages.auth;

/** Asks for a confirmation mail to a new address; the address changes when its link is opened. */
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const request = useRequestEmailChange();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(emailChangeRequestBodySchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSent(null);
    try {
      const message = await request.mutateAsync(values);
      reset();
      setSent(message);
    } catch (error) {
      setFormError(applyApiError(error, setError, ['email', 'password']));
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      <Typography>{text.settings.currentEmail(currentEmail)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {text.settings.emailIntro}
      </Typography>
      <FormErrorAlert>{formError}</FormErrorAlert>
      <FormTextField
        control={control}
        name="email"
        label={text.fields.newEmail}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <FormTextField
        control={control}
        name="password"
        label={text.fields.currentPassword}
        type="password"
        autoComplete="current-password"
        required
      />
      <FormStatus>{sent}</FormStatus>
      <SubmitButton
        pending={isSubmitting}
        label={text.settings.requestEmailChange}
        pendingLabel={text.settings.requestingEmailChange}
        sx={{ alignSelf: 'flex-start' }}
      />
    </Stack>
  );
}
