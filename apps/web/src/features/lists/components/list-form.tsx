import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { listCreateBodySchema } from '@ekispot/shared';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { FormErrorAlert } from '../../../components/form/form-alerts';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useApiForm } from '../../../components/form/use-api-form';
import { messages } from '../../../config/messages';

const text = messages.lists.form;

/** The shared contract's fields, named as the web client sees them (camelCase). */
const listFormSchema = z.object({
  title: listCreateBodySchema.shape.title,
  description: listCreateBodySchema.shape.description.removeDefault(),
  isPublic: z.boolean(),
});
export type ListFormValues = z.infer<typeof listFormSchema>;

const FIELDS = ['title', 'description', 'isPublic'] as const;

/**
 * Title, description and the public switch, for creating and for editing a list. A failed
 * save shows the server's field errors beside their fields and anything else above the form.
 */
export function ListForm({
  initial,
  mode,
  onSubmit,
}: {
  initial: ListFormValues;
  mode: 'create' | 'update';
  onSubmit: (values: ListFormValues) => Promise<void>;
}) {
  const {
    control,
    submit,
    formError,
    formState: { isSubmitting },
  } = useApiForm({ schema: listFormSchema, defaultValues: initial, fields: FIELDS });
  const helpId = useId();

  return (
    <Stack component="form" noValidate onSubmit={submit(onSubmit)} spacing={2.5}>
      <FormErrorAlert>{formError}</FormErrorAlert>
      <FormTextField
        control={control}
        name="title"
        label={text.title}
        helperText={text.titleHelp}
        required
      />
      <FormTextField
        control={control}
        name="description"
        label={text.description}
        helperText={text.descriptionHelp}
        multiline
        minRows={3}
      />
      <Controller
        control={control}
        name="isPublic"
        render={({ field }) => (
          <div>
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref, 'aria-describedby': helpId } }}
                />
              }
              label={text.isPublic}
            />
            <FormHelperText id={helpId} sx={{ mx: 0 }}>
              {text.isPublicHelp}
            </FormHelperText>
          </div>
        )}
      />
      <div>
        <SubmitButton
          pending={isSubmitting}
          label={mode === 'create' ? text.create : text.save}
          pendingLabel={mode === 'create' ? text.creating : text.saving}
        />
      </div>
    </Stack>
  );
}
