import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import type { BaseSyntheticEvent } from 'react';
import { useForm } from 'react-hook-form';
import type {
  DefaultValues,
  FieldPath,
  FieldValues,
  SubmitErrorHandler,
  UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { applyApiError } from './apply-api-error';

interface ApiFormOptions<TInput extends FieldValues, TOutput extends FieldValues> {
  /** The form's zod schema (the shared contract, or one built on it). */
  schema: z.ZodType<TOutput, TInput>;
  defaultValues: DefaultValues<TInput>;
  /** The fields a failed call's field errors are shown beside; anything else goes above the form. */
  fields: readonly FieldPath<TInput>[];
}

export interface ApiForm<
  TInput extends FieldValues,
  TOutput extends FieldValues,
> extends UseFormReturn<TInput, unknown, TOutput> {
  /** What belongs above the form after a failed call, or null. */
  formError: string | null;
  setFormError: (message: string | null) => void;
  /** The form's submit handler: `send` runs with the valid values; its failure is shown. */
  submit: (
    send: (values: TOutput) => Promise<void>,
    onInvalid?: SubmitErrorHandler<TInput>,
  ) => (event?: BaseSyntheticEvent) => Promise<void>;
}

/**
 * A react-hook-form form checked by a zod schema, whose `submit(send)` clears the last
 * failure, runs `send` with the valid values and, when the call fails, puts the API's field
 * errors beside their fields (see applyApiError) and the rest into `formError`.
 */
export function useApiForm<TInput extends FieldValues, TOutput extends FieldValues>({
  schema,
  defaultValues,
  fields,
}: ApiFormOptions<TInput, TOutput>): ApiForm<TInput, TOutput> {
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues });
  const [formError, setFormError] = useState<string | null>(null);
  const { handleSubmit, setError } = form;

  const submit: ApiForm<TInput, TOutput>['submit'] = (send, onInvalid) =>
    handleSubmit(async (values) => {
      setFormError(null);
      try {
        await send(values);
      } catch (error) {
        setFormError(applyApiError(error, setError, fields));
      }
    }, onInvalid);

  return { ...form, formError, setFormError, submit };
}
