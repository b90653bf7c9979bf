import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  TAKEDOWN_DETAILS_MAX,
  TAKEDOWN_RELATIONSHIP_LABELS,
  TAKEDOWN_RELATIONSHIPS,
  takedownCreateBodySchema,
} from '@ekispot/shared';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/form/form-alerts';
import { FormTextField } from '../../../components/form/form-text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useApiForm } from '../../../components/form/use-api-form';
import { absoluteUrl } from '../../../components/share/share-links';
import { messages } from '../../../config/messages';
import { useCreateTakedown } from '../api/create-takedown';
import { ChoiceField } from './choice-field';
import { TakedownSent } from './takedown-sent';

const text = messages.takedowns;

/** The fields a 422's field errors are shown beside; anything else goes above the form. */
const FIELDS = ['url', 'relationship', 'reason', 'details', 'name', 'email'] as const;

const RELATIONSHIP_OPTIONS = TAKEDOWN_RELATIONSHIPS.map((value) => ({
  value,
  label: TAKEDOWN_RELATIONSHIP_LABELS[value],
}));
const REASON_OPTIONS = REPORT_REASONS.map((value) => ({
  value,
  label: REPORT_REASON_LABELS[value],
}));

/**
 * The page the form was opened from (the footer's link passes its path) as the address a person
 * knows it by, on our public host; anything else as it was given.
 */
function pageUrl(given: string): string {
  return given.startsWith('/') && !given.startsWith('//') ? absoluteUrl(given) : given;
}

/**
 * 削除の申し出 (docs/moderation.md#takedown-requests): the page's URL, who is asking, why, and
 * how to reach them, checked by the shared schema before anything is sent; the API's refusals
 * (a URL that is not one of our item pages, too many requests) are shown beside their fields or
 * above the form. Once sent, the form gives way to 「check your mail」.
 */
export function TakedownForm({ defaultUrl = '' }: { defaultUrl?: string }) {
  const create = useCreateTakedown();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    control,
    submit,
    formError,
    reset,
    formState: { isSubmitting },
  } = useApiForm({
    schema: takedownCreateBodySchema,
    defaultValues: { url: pageUrl(defaultUrl), details: '', name: '', email: '' },
    fields: FIELDS,
  });
  const details = useWatch({ control, name: 'details' }) ?? '';

  const onSubmit = submit(async (values) => {
    // An empty name is no name.
    await create.mutateAsync({ ...values, name: values.name || undefined });
    setSentTo(values.email);
  });

  if (sentTo)
    return (
      <TakedownSent
        email={sentTo}
        onAgain={() => {
          reset({ url: '', details: '', name: '', email: sentTo });
          setSentTo(null);
        }}
      />
    );

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={3}>
      <Stack spacing={1.5}>
        <Typography>{text.intro}</Typography>
        <Typography variant="body2" color="text.secondary">
          {text.process}
        </Typography>
      </Stack>
      <FormErrorAlert>{formError}</FormErrorAlert>
      <FormTextField
        control={control}
        name="url"
        label={text.url}
        helperText={text.urlHint}
        inputMode="url"
        autoComplete="off"
        slotProps={{ htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } }}
        required
      />
      <ChoiceField
        control={control}
        name="relationship"
        legend={text.relationship}
        options={RELATIONSHIP_OPTIONS}
      />
      <ChoiceField control={control} name="reason" legend={text.reason} options={REASON_OPTIONS} />
      <FormTextField
        control={control}
        name="details"
        label={text.details}
        placeholder={text.detailsPlaceholder}
        helperText={messages.form.charCount(details.length, TAKEDOWN_DETAILS_MAX)}
        multiline
        minRows={5}
        required
      />
      <FormTextField
        control={control}
        name="name"
        label={text.name}
        helperText={text.nameHint}
        autoComplete="name"
      />
      <FormTextField
        control={control}
        name="email"
        label={text.email}
        helperText={text.emailHint}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <Typography variant="body2" color="text.secondary">
        {text.privacyNote}
      </Typography>
      <SubmitButton
        pending={isSubmitting}
        label={text.submit}
        pendingLabel={text.submitting}
        fullWidth
        sx={{ minHeight: 44 }}
      />
    </Stack>
  );
}
