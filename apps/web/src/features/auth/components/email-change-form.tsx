import { emailChangeRequestBodySchema } from '@ekispot/shared';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormErrorAlert, FormStatus } from '../../../components/form/form-alerts';
import { FormTextField } from '../../../components/form/form-text-field';
import { messages } from '../../../config/messages';
import { useRequestEmailChange } from '../api/request-email-change';
import { SubmitButton } from '../../../components/form/submit-button';
import { useApiForm } from '../../../components/form/use-api-form';

const text = messages.auth;

/** Asks for a confirmation mail to a new address; the address changes when its link is opened. */
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const request = useRequestEmailChange();
  const [sent, setSent] = useState<string | null>(null);
  const {
    control,
    submit,
    formError,
    reset,
    formState: { isSubmitting },
  } = useApiForm({
    schema: emailChangeRequestBodySchema,
    defaultValues: { email: '', password: '' },
    fields: ['email', 'password'],
  });

  const onSubmit = submit(async (values) => {
    setSent(null);
    const message = await request.mutateAsync(values);
    reset();
    setSent(message);
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
