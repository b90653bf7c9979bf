import { BIO_MAX, NAME_MAX } from '@ekispot/shared';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useId, useState } from 'react';
import { Controller, useController, useWatch } from 'react-hook-form';
import { FormErrorAlert, FormStatus } from '../../../components/form/form-alerts';
import { FormTextField } from '../../../components/form/form-text-field';
import { messages } from '../../../config/messages';
import type { SessionUser } from '../api/get-me';
import { useUpdateProfile } from '../api/update-profile';
import { buildProfileFormData, profileFormSchema } from '../schemas/profile-form-schema';
import type { ProfileFormValues } from '../schemas/profile-form-schema';
import { AvatarPicker } from './avatar-picker';
import { SubmitButton } from '../../../components/form/submit-button';
import { useApiForm } from '../../../components/form/use-api-form';

const text = messages.auth;

function valuesOf(user: SessionUser): ProfileFormValues {
  return {
    name: user.name,
    bio: user.bio,
    mail_opt_in: user.mailOptIn,
    avatar: null,
    remove_avatar: false,
  };
}

/** Name, bio, avatar and the mail notice switch, saved together with `POST /auth/update`. */
export function ProfileForm({ user }: { user: SessionUser }) {
  const update = useUpdateProfile();
  const [saved, setSaved] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const optInHelpId = useId();
  const {
    control,
    submit,
    formError,
    reset,
    formState: { isSubmitting },
  } = useApiForm({
    schema: profileFormSchema,
    defaultValues: valuesOf(user),
    fields: ['name', 'bio', 'mail_opt_in', 'avatar', 'remove_avatar'],
  });
  const bio = useWatch({ control, name: 'bio' });
  const name = useWatch({ control, name: 'name' });
  const avatar = useController({ control, name: 'avatar' });
  const removeAvatar = useController({ control, name: 'remove_avatar' });

  const onSubmit = submit(async (values) => {
    setSaved(null);
    setProgress(values.avatar ? 0 : null);
    try {
      const result = await update.mutateAsync({
        body: buildProfileFormData(values),
        onProgress: ({ fraction }) => {
          if (fraction !== null) setProgress(Math.round(fraction * 100));
        },
      });
      reset(valuesOf(result.user));
      setSaved(result.message || text.settings.profileSaved);
    } finally {
      setProgress(null);
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={3}>
      <FormErrorAlert>{formError}</FormErrorAlert>
      <AvatarPicker
        name={name.trim() || user.name}
        savedAvatar={user.avatar}
        file={avatar.field.value}
        removed={removeAvatar.field.value}
        onSelect={(file) => {
          setSaved(null);
          avatar.field.onChange(file);
          removeAvatar.field.onChange(false);
        }}
        onRemove={() => {
          setSaved(null);
          avatar.field.onChange(null);
          removeAvatar.field.onChange(true);
        }}
        error={avatar.fieldState.error?.message}
        disabled={isSubmitting}
        buttonRef={avatar.field.ref}
      />
      {progress !== null ? (
        <LinearProgress variant="determinate" value={progress} aria-label={text.avatar.uploading} />
      ) : null}
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
        name="bio"
        label={text.fields.bio}
        multiline
        minRows={3}
        helperText={messages.form.charCount(bio.length, BIO_MAX)}
      />
      <Controller
        control={control}
        name="mail_opt_in"
        render={({ field }) => (
          <div>
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref, 'aria-describedby': optInHelpId } }}
                />
              }
              label={text.settings.mailOptIn}
            />
            <FormHelperText id={optInHelpId} sx={{ mx: 0 }}>
              {text.settings.mailOptInHint}
            </FormHelperText>
          </div>
        )}
      />
      <FormStatus>{saved}</FormStatus>
      <SubmitButton
        pending={isSubmitting}
        label={text.settings.saveProfile}
        pendingLabel={text.settings.savingProfile}
        sx={{ alignSelf: 'flex-start' }}
      />
    </Stack>
  );
}
