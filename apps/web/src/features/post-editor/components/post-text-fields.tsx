import { POST_BODY_MAX, POST_TITLE_MAX } from '@ekispot/shared';
import { useWatch, type Control } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { messages } from '../../../config/messages';
import type { PostFormValues } from '../schemas/post-form-schema';
import type { PostTarget } from '../utils/build-post-form-data';

const text = messages.postEditor;

interface TextFieldProps {
  control: Control<PostFormValues>;
  kind: PostTarget['kind'];
  disabled: boolean;
}

/** The post's title, with its count (optional for a photo), and a hint for spots and events. */
export function PostTitleField({ control, kind, disabled }: TextFieldProps) {
  const title = useWatch({ control, name: 'title' });
  return (
    <FormTextField
      control={control}
      name="title"
      label={kind === 'image' ? text.fields.titleOptional : text.fields.title}
      required={kind !== 'image'}
      disabled={disabled}
      placeholder={
        kind === 'spot'
          ? text.hints.spotTitlePlaceholder
          : kind === 'event'
            ? text.hints.eventTitlePlaceholder
            : undefined
      }
      helperText={text.charCount(title.length, POST_TITLE_MAX)}
    />
  );
}

/** The post's text, with its count (optional for a photo). */
export function PostBodyField({ control, kind, disabled }: TextFieldProps) {
  const body = useWatch({ control, name: 'body' });
  return (
    <FormTextField
      control={control}
      name="body"
      label={kind === 'image' ? text.fields.bodyOptional : text.fields.body}
      multiline
      minRows={4}
      disabled={disabled}
      helperText={text.charCount(body.length, POST_BODY_MAX)}
    />
  );
}
