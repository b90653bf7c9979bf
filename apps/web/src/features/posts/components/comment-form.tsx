import { commentBodySchema } from '@ekispot/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { messages } from '../../../config/messages';
import { isApiError } from '../../../lib/api-error';

interface CommentFormProps {
  /** Saves the text; a thrown ApiError is shown on the field or above the form. */
  onSubmit: (body: string) => Promise<unknown>;
  initialBody?: string;
  label: string;
  submitLabel: string;
  pendingLabel: string;
  onCancel?: () => void;
  autoFocus?: boolean;
  /** The call waits for the network (offline): it is sent when the browser is back online. */
  queued?: boolean;
}

const text = messages.posts.comments;

/** The comment text box with its count, checked by the shared schema before it is sent. */
export function CommentForm({
  onSubmit,
  initialBody = '',
  label,
  submitLabel,
  pendingLabel,
  onCancel,
  autoFocus = false,
  queued = false,
}: CommentFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(commentBodySchema),
    defaultValues: { body: initialBody },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values.body);
      reset({ body: onCancel ? values.body : '' });
    } catch (error) {
      const fieldMessage = isApiError(error) ? error.errors?.body?.[0] : undefined;
      if (fieldMessage) setError('body', { type: 'server', message: fieldMessage });
      else setFailure(isApiError(error) ? error.message : messages.posts.unexpected);
    }
  });

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1.5}>
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      <div role="status">
        {isSubmitting && queued ? <Alert severity="info">{messages.offline.queued}</Alert> : null}
      </div>
      <Controller
        control={control}
        name="body"
        render={({ field, fieldState }) => (
          <TextField
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            label={label}
            placeholder={text.placeholder}
            multiline
            minRows={onCancel ? 2 : 3}
            fullWidth
            required
            autoFocus={autoFocus}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message ?? text.charCount(field.value.length)}
          />
        )}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onCancel ? (
          <Button onClick={onCancel} disabled={isSubmitting}>
            {text.cancel}
          </Button>
        ) : null}
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
