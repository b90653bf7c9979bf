import { loginBodySchema } from '@ekispot/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Divider from '@mui/material/Divider';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormStatus } from '../../../components/form/form-alerts';
import { FormTextField } from '../../../components/form/form-text-field';
import { StandaloneLink } from '../../../components/router-link';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { passkeyAutofillAvailable, usePasskeyLogin } from '../api/account-security';
import { useLogin } from '../api/login';
import { SecondStepForm } from './second-step-form';
import { failureText } from './security-settings';
import { useResendVerification } from '../api/resend-verification';
import { applyApiError } from '../../../components/form/apply-api-error';
import { SubmitButton } from '../../../components/form/submit-button';

const text = messages.auth;

interface Failure {
  message: string;
  /** Set when the address is not confirmed yet: the mail can be sent again. */
  unverifiedEmail: string | null;
}

/** Email and password; on success the session is stored and `onSuccess` decides where to go. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const login = useLogin();
  const resend = useResendVerification();
  const [failure, setFailure] = useState<Failure | null>(null);
  const passkey = usePasskeyLogin();
  /** Set when the password was right and the authenticator app's code is still needed. */
  const [secondStep, setSecondStep] = useState<string | null>(null);

  // The browser's passkey autofill (conditional UI): its passkeys are offered among the
  // address field's suggestions, and picking one signs in. A button press aborts it.
  useEffect(() => {
    let live = true;
    void passkeyAutofillAvailable().then((available) => {
      if (!available || !live) return;
      passkey.mutateAsync({ autofill: true }).then(onSuccess, () => undefined);
    });
    return () => {
      live = false;
    };
    // Once per visit of the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const {
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    resend.reset();
    try {
      const outcome = await login.mutateAsync(values);
      if (outcome.secondStep) {
        setSecondStep(outcome.secondStep.token);
        return;
      }
      onSuccess();
    } catch (error) {
      // Only an unconfirmed address is offered the mail again; any other refusal (a suspended
      // account: 「このアカウントは停止されています（…まで）。」) is shown as the API says it.
      if (isApiError(error) && error.code === 'EMAIL_NOT_VERIFIED') {
        setFailure({ message: error.message, unverifiedEmail: values.email });
        return;
      }
      // A refused sign-in names no field that is wrong: either the address or the password
      // may be mistyped, so the address is never marked, and the message stands above the form
      // with the password selected to type again (docs/accounts.md#account-rules). Only a
      // password error the server pins on that field is shown beside it.
      const message = applyApiError(error, setError, ['password']);
      setFailure(message ? { message, unverifiedEmail: null } : null);
      if (message) setFocus('password', { shouldSelect: true });
    }
  });

  if (secondStep) return <SecondStepForm token={secondStep} onSuccess={onSuccess} />;

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
      {failure ? (
        <Alert
          severity="error"
          role="alert"
          action={
            failure.unverifiedEmail ? (
              <Button
                color="inherit"
                size="small"
                disabled={resend.isPending}
                onClick={() => resend.mutate(failure.unverifiedEmail ?? '')}
              >
                {resend.isPending ? text.login.resending : text.login.resend}
              </Button>
            ) : undefined
          }
        >
          {failure.message}
        </Alert>
      ) : null}
      <FormStatus>{resend.isSuccess ? resend.data : null}</FormStatus>
      {resend.isError ? (
        <Alert severity="error" role="alert">
          {isApiError(resend.error) ? resend.error.message : messages.form.unexpected}
        </Alert>
      ) : null}
      <FormTextField
        control={control}
        name="email"
        label={text.fields.email}
        type="email"
        // `webauthn`: the browser may offer passkeys here (the autofill above).
        autoComplete="username webauthn"
        inputMode="email"
        required
      />
      <FormTextField
        control={control}
        name="password"
        label={text.fields.password}
        type="password"
        autoComplete="current-password"
        required
      />
      <SubmitButton
        pending={isSubmitting}
        label={text.login.submit}
        pendingLabel={text.login.submitting}
        fullWidth
      />
      <Divider>{messages.security.or}</Divider>
      {passkey.isError && passkey.variables?.autofill === false ? (
        <Alert severity="error" role="alert">
          {failureText(passkey.error)}
        </Alert>
      ) : null}
      <Button
        variant="outlined"
        fullWidth
        sx={{ minHeight: 44 }}
        disabled={passkey.isPending && passkey.variables?.autofill === false}
        onClick={() => {
          setFailure(null);
          passkey.mutateAsync({ autofill: false }).then(onSuccess, () => undefined);
        }}
      >
        {passkey.isPending && passkey.variables?.autofill === false
          ? messages.security.passkeyLoggingIn
          : messages.security.passkeyLogin}
      </Button>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <StandaloneLink to={paths.forgot.href()} variant="body2">
          {text.login.forgot}
        </StandaloneLink>
        <Typography
          variant="body2"
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 0.5 }}
        >
          {text.login.noAccount}
          <StandaloneLink to={paths.register.href()}>{text.login.register}</StandaloneLink>
        </Typography>
      </Stack>
    </Stack>
  );
}
