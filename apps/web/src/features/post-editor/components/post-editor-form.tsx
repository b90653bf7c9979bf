import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/form/form-alerts';
import { messages } from '../../../config/messages';
import type { PostData } from '../api/post-data';
import { usePostSubmit } from '../hooks/use-post-submit';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard';
import { buildPostFormSchema } from '../schemas/post-form-schema';
import type { PostFormValues, StartStation } from '../schemas/post-form-schema';
import type { PostTarget } from '../utils/build-post-form-data';
import { emptyPostFormValues, postToFormValues } from '../utils/post-form-values';
import { EditorActions } from './editor-actions';
import { EventDateFields } from './event-date-fields';
import { EventLocationField } from './event-location-field';
import { LocationPicker } from './location-picker';
import { PastEventDialog } from './past-event-dialog';
import { PhotoPicker } from './photo-picker';
import { PostBodyField, PostTitleField } from './post-text-fields';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';
import { UploadProgress } from './upload-progress';

const text = messages.postEditor;

/**
 * What a page may do after a write. The caches that show posts are refreshed by the write itself
 * (lib/write-map.ts).
 */
export interface PostWriteHandlers {
  /** After a create (before: null) or an update, with the post the server returned. */
  onSaved?: ((saved: PostData, before: PostData | null) => void) | undefined;
  onDeleted?: ((post: PostData) => void) | undefined;
}

export interface PostEditorFormProps extends PostWriteHandlers {
  target: PostTarget;
  /** The saved post when editing; absent when creating. */
  post?: PostData | undefined;
  /** The parent spot's title, when an event may be held there. */
  parentTitle?: string | null;
  /**
   * The station the new post's form was opened from (its page's 投稿): an event starts at it,
   * and the map opens around it.
   */
  startStation?: StartStation | null;
  /** Where 「キャンセル」 goes. */
  cancelHref: string;
}

/**
 * The create and edit form of every post kind (docs/product-rules.md#posts). The client rules
 * mirror the server's; the server's field errors are shown beside the fields and the rest above the
 * form. One submit at a time, with upload progress for photos; afterwards the post's page.
 */
export function PostEditorForm({
  target,
  post,
  parentTitle = null,
  startStation = null,
  cancelHref,
  onSaved,
  onDeleted,
}: PostEditorFormProps) {
  const { kind } = target;
  const hasParent = target.parentPostId !== null;
  // Frozen at mount: a background refetch of the post must not move the PATCH baseline.
  const [initial] = useState<PostFormValues>(() =>
    post ? postToFormValues(post) : emptyPostFormValues(kind, hasParent, startStation),
  );
  const schema = useMemo(() => buildPostFormSchema({ kind, hasParent }), [kind, hasParent]);
  const {
    control,
    handleSubmit,
    setError,
    setFocus,
    clearErrors,
    formState: { isSubmitting, isDirty },
  } = useForm<PostFormValues>({
    resolver: zodResolver(schema),
    defaultValues: initial,
    // Focus goes to the invalid field highest on the page (fields register out of page order).
    shouldFocusError: false,
  });
  const { blocker, allowLeave } = useUnsavedChangesGuard(isDirty);
  const { onSubmit, formError, upload, pastStart, cancelPastStart, confirmPastStart } =
    usePostSubmit({
      target,
      post,
      initial,
      form: { handleSubmit, setError, setFocus, isSubmitting },
      allowLeave,
      onSaved,
    });

  const photos = useController({ control, name: 'photos' });
  const point = useController({ control, name: 'point' });
  const busy = isSubmitting;

  const titleField = <PostTitleField control={control} kind={kind} disabled={busy} />;
  const photoField = (
    <PhotoPicker
      value={photos.field.value}
      onChange={(items) => {
        photos.field.onChange(items);
        clearErrors('photos');
      }}
      required={kind === 'image'}
      disabled={busy}
      error={photos.fieldState.error?.message}
      buttonRef={photos.field.ref}
    />
  );

  return (
    <>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={3}>
        {formError.length > 0 ? (
          <FormErrorAlert>
            {formError.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </FormErrorAlert>
        ) : null}
        {kind === 'image' ? photoField : null}
        {titleField}
        {kind === 'spot' ? (
          <LocationPicker
            label={text.fields.location}
            value={point.field.value}
            onChange={(next) => {
              point.field.onChange(next);
              clearErrors('point');
            }}
            buttonRef={point.field.ref}
            required
            disabled={busy}
            error={point.fieldState.error?.message}
            startAt={startStation}
          />
        ) : null}
        {kind === 'event' ? (
          <>
            <EventDateFields control={control} disabled={busy} />
            <EventLocationField
              control={control}
              clearErrors={clearErrors}
              parentTitle={hasParent ? (parentTitle ?? text.context.untitled) : null}
              disabled={busy}
              mapStart={startStation}
            />
          </>
        ) : null}
        <PostBodyField control={control} kind={kind} disabled={busy} />
        {kind !== 'image' ? photoField : null}
        {upload ? <UploadProgress percent={upload.percent} /> : null}
        <EditorActions
          post={post}
          busy={busy}
          cancelHref={cancelHref}
          onDeleted={(deleted) => {
            onDeleted?.(deleted);
            allowLeave();
          }}
        />
      </Stack>
      <PastEventDialog start={pastStart} onCancel={cancelPastStart} onConfirm={confirmPastStart} />
      <UnsavedChangesDialog blocker={blocker} />
    </>
  );
}
