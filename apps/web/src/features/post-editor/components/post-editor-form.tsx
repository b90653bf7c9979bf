import { POST_BODY_MAX, POST_TITLE_MAX } from '@ekispot/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormErrorAlert } from '../../../components/form/form-alerts';
import { FormTextField } from '../../../components/form/form-text-field';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import type { UploadProgress as Progress } from '../../../lib/api-upload';
import { isApiError } from '../../../lib/api-error';
import { showFlash } from '../../../lib/flash-message';
import type { PostData } from '../api/post-data';
import { useCreatePost, useUpdatePost } from '../../../lib/post-mutations';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard';
import { buildPostFormSchema } from '../schemas/post-form-schema';
import type { PostFormField, PostFormValues, StartStation } from '../schemas/post-form-schema';
import {
  buildCreatePostFormData,
  buildUpdatePostFormData,
  hasNewPhotos,
  isEmptyFormData,
} from '../utils/build-post-form-data';
import type { PostTarget } from '../utils/build-post-form-data';
import { firstFieldOnPage, mapServerErrors, visibleFormFields } from '../utils/map-server-errors';
import { emptyPostFormValues, postToFormValues } from '../utils/post-form-values';
import { EditorActions } from './editor-actions';
import { EventDateFields, isPastStart } from './event-date-fields';
import { EventLocationField } from './event-location-field';
import { LocationPicker } from './location-picker';
import { PhotoPicker } from './photo-picker';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';
import { formatJapanDateTime, japanLocalToIso } from '../../../lib/japan-time';
import { PastEventDialog } from './past-event-dialog';
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
  const navigate = useNavigate();
  const create = useCreatePost();
  const update = useUpdatePost();
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
  const [formError, setFormError] = useState<string[]>([]);
  const [upload, setUpload] = useState<{ percent: number | null } | null>(null);
  const sending = useRef(false);
  // An event starting in the past is posted only after the user confirmed it once.
  const [pastStart, setPastStart] = useState<string | null>(null);
  const pastConfirmed = useRef(false);
  // Fields are disabled while submitting, so the first invalid field gets focus afterwards.
  const [focusAfterSend, setFocusAfterSend] = useState<PostFormField | null>(null);
  useEffect(() => {
    if (isSubmitting || !focusAfterSend) return;
    setFocus(focusAfterSend);
    setFocusAfterSend(null);
  }, [isSubmitting, focusAfterSend, setFocus]);
  const { blocker, allowLeave } = useUnsavedChangesGuard(isDirty);

  const title = useWatch({ control, name: 'title' });
  const body = useWatch({ control, name: 'body' });
  const photos = useController({ control, name: 'photos' });
  const point = useController({ control, name: 'point' });
  const busy = isSubmitting;

  const finish = (saved: PostData) => {
    onSaved?.(saved, post ?? null);
    allowLeave();
    showFlash(post ? text.submit.updated : text.submit.created);
    void navigate(paths.post.href(saved.id), { replace: true });
  };

  const onProgress = ({ fraction }: Progress) =>
    setUpload({ percent: fraction === null ? null : Math.round(fraction * 100) });

  const send = async (values: PostFormValues) => {
    setFormError([]);
    if (hasNewPhotos(values)) setUpload({ percent: 0 });
    try {
      if (post) {
        const changes = buildUpdatePostFormData(target, initial, values);
        // Nothing changed: no request, straight back to the post.
        if (isEmptyFormData(changes)) finish(post);
        else finish(await update.mutateAsync({ postId: post.id, body: changes, onProgress }));
      } else {
        const created = buildCreatePostFormData(target, values);
        finish(await create.mutateAsync({ body: created, onProgress }));
      }
    } catch (error) {
      if (!isApiError(error)) {
        setFormError([messages.form.unexpected]);
        return;
      }
      const mapped = mapServerErrors(error.errors, visibleFormFields(kind, values.locationMode));
      for (const { field, message } of mapped.fields) setError(field, { type: 'server', message });
      setFocusAfterSend(
        firstFieldOnPage(
          kind,
          mapped.fields.map(({ field }) => field),
        ),
      );
      setFormError(mapped.form.length > 0 ? mapped.form : [error.message]);
    } finally {
      setUpload(null);
    }
  };

  const onSubmit = handleSubmit(
    async (values) => {
      // The button is disabled while sending; this also stops a second Enter in a text field.
      if (sending.current) return;
      const startChanged = !post || values.startsAt !== initial.startsAt;
      if (kind === 'event' && startChanged && isPastStart(values.startsAt)) {
        if (!pastConfirmed.current) {
          setPastStart(formatJapanDateTime(japanLocalToIso(values.startsAt) ?? ''));
          return;
        }
      }
      sending.current = true;
      try {
        await send(values);
      } finally {
        sending.current = false;
        pastConfirmed.current = false;
      }
    },
    // Fields are disabled until the submit settles, so focus waits for it as well.
    (errors) => setFocusAfterSend(firstFieldOnPage(kind, Object.keys(errors))),
  );

  const titleField = (
    <FormTextField
      control={control}
      name="title"
      label={kind === 'image' ? text.fields.titleOptional : text.fields.title}
      required={kind !== 'image'}
      disabled={busy}
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
        <FormTextField
          control={control}
          name="body"
          label={kind === 'image' ? text.fields.bodyOptional : text.fields.body}
          multiline
          minRows={4}
          disabled={busy}
          helperText={text.charCount(body.length, POST_BODY_MAX)}
        />
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
      <PastEventDialog
        start={pastStart}
        onCancel={() => {
          setPastStart(null);
          setFocus('startsAt');
        }}
        onConfirm={() => {
          setPastStart(null);
          pastConfirmed.current = true;
          void onSubmit();
        }}
      />
      <UnsavedChangesDialog blocker={blocker} />
    </>
  );
}
