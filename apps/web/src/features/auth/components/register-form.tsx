import { keysToCamel, NAME_MAX } from '@ekispot/shared';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormErrorAlert } from '../../../components/form/form-alerts';
import { FormTextField } from '../../../components/form/form-text-field';
import { RouterLink, StandaloneLink } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { usePasskeySignup } from '../api/account-security';
import { useRegister } from '../api/register';
import { failureText } from './security-settings';
import { registerFormSchema } from '../schemas/account-form-schemas';
import { RegistrationSent } from './registration-sent';
import { NewPasswordFields } from './new-password-fields';
import { SubmitButton } from '../../../components/form/submit-button';
import { useApiForm } from '../../../components/form/use-api-form';

const text = messages.auth;
const FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;

/** Sign-up: nickname, address and password; then a 「check your mail」 state. */
export function RegisterForm() {
  const register = useRegister();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    control,
    submit,
    formError,
    setFormError,
    trigger,
    getValues,
    formState: { isSubmitting },
  } = useApiForm({
    schema: registerFormSchema,
    defaultValues: { name: '', email: '', password: '', password_confirmation: '' },
    fields: FIELDS,
  });

  const passkeySignup = usePasskeySignup();
  /** No password: the name and address of the form, and a passkey made now. */
  const signUpWithPasskey = async () => {
    setFormError(null);
    if (!(await trigger(['name', 'email']))) return;
    const { name, email } = getValues();
    try {
      await passkeySignup.mutateAsync({ name, email });
      setSentTo(email.trim().toLowerCase());
    } catch (error) {
      setFormError(failureText(error));
    }
  };

  const onSubmit = submit(async (values) => {
    await register.mutateAsync(keysToCamel(values));
    setSentTo(values.email);
  });

  if (sentTo) return <RegistrationSent email={sentTo} />;

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      <Typography>{text.register.intro}</Typography>
      <FormErrorAlert>{formError}</FormErrorAlert>
      <FormTextField
        control={control}
        name="name"
        label={text.fields.name}
        autoComplete="nickname"
        helperText={text.nameHint(NAME_MAX)}
        required
      />
      <FormTextField
        control={control}
        name="email"
        label={text.fields.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <NewPasswordFields control={control} replacing={false} />
      <Typography variant="body2" color="text.secondary">
        {text.register.agree}（
        <RouterLink to={paths.service.href()}>{text.register.terms}</RouterLink>・
        <RouterLink to={paths.privacy.href()}>{text.register.privacy}</RouterLink>）
      </Typography>
      <SubmitButton
        pending={isSubmitting}
        label={text.register.submit}
        pendingLabel={text.register.submitting}
        fullWidth
      />
      <Divider>{messages.security.or}</Divider>
      <Button
        variant="outlined"
        fullWidth
        sx={{ minHeight: 44 }}
        disabled={passkeySignup.isPending}
        onClick={() => void signUpWithPasskey()}
      >
        {passkeySignup.isPending
          ? messages.security.passkeySigningUp
          : messages.security.passkeySignup}
      </Button>
      <Typography
        variant="body2"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5 }}
      >
        {text.register.haveAccount}
        <StandaloneLink to={paths.login.href()}>{text.register.login}</StandaloneLink>
      </Typography>
    </Stack>
  );
}
