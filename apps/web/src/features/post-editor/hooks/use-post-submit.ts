import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { messages } from '../../../config/messages';
import { paths } from '../../../config/paths';
import type { UploadProgress as Progress } from '../../../lib/api-upload';
import { isApiError } from '../../../lib/api-error';
import { showFlash } from '../../../lib/flash-message';
import { formatJapanDateTime, japanLocalToIso } from '../../../lib/japan-time';
import { useCreatePost, useUpdatePost } from '../../../lib/post-mutations';
import type { PostData } from '../api/post-data';
import { isPastStart } from '../components/event-date-fields';
import type { PostFormField, PostFormValues } from '../schemas/post-form-schema';
import {
  buildCreatePostFormData,
  buildUpdatePostFormData,
  hasNewPhotos,
  isEmptyFormData,
} from '../utils/build-post-form-data';
import type { PostTarget } from '../utils/build-post-form-data';
import { firstFieldOnPage, mapServerErrors, visibleFormFields } from '../utils/map-server-errors';

const text = messages.postEditor;

/**
 * Sending the post form: one submit at a time, the upload's progress, an event starting in the
 * past confirmed once, the server's field errors set on their fields and focus on the first of
 * them on the page; afterwards the post's page.
 */
export function usePostSubmit({
  target,
  post,
  initial,
  form,
  allowLeave,
  onSaved,
}: {
  target: PostTarget;
  post: PostData | undefined;
  /** The values the form opened with (the PATCH baseline). */
  initial: PostFormValues;
  form: Pick<UseFormReturn<PostFormValues>, 'handleSubmit' | 'setError' | 'setFocus'> & {
    isSubmitting: boolean;
  };
  allowLeave: () => void;
  onSaved?: ((saved: PostData, before: PostData | null) => void) | undefined;
}) {
  const { kind } = target;
  const { handleSubmit, setError, setFocus, isSubmitting } = form;
  const navigate = useNavigate();
  const create = useCreatePost();
  const update = useUpdatePost();
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

  return {
    onSubmit,
    formError,
    upload,
    pastStart,
    cancelPastStart: () => {
      setPastStart(null);
      setFocus('startsAt');
    },
    confirmPastStart: () => {
      setPastStart(null);
      pastConfirmed.current = true;
      void onSubmit();
    },
  };
}
