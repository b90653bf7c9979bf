import { PASSWORD_MIN } from '@ekispot/shared';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { messages } from '../../../config/messages';

const text = messages.auth;

type PasswordPair = { password: string; password_confirmation: string };

/**
 * A password to choose and its confirmation, as registration, reset and password change
 * ask for them: the length hint, and `new-password` so managers offer a strong one.
 * `replacing` labels them 「新しいパスワード」.
 */
export function NewPasswordFields<T extends PasswordPair, TOut extends FieldValues>({
  control,
  replacing,
}: {
  control: Control<T, unknown, TOut>;
  replacing: boolean;
}) {
  return (
    <>
      <FormTextField
        control={control}
        name={'password' as FieldPath<T>}
        label={replacing ? text.fields.newPassword : text.fields.password}
        type="password"
        autoComplete="new-password"
        helperText={text.passwordHint(PASSWORD_MIN)}
        required
      />
      <FormTextField
        control={control}
        name={'password_confirmation' as FieldPath<T>}
        label={replacing ? text.fields.newPasswordConfirmation : text.fields.passwordConfirmation}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
