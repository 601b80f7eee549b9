import { type BaseSyntheticEvent, useEffect, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  type UseFormProps,
  useForm,
} from 'react-hook-form';
import { somethingWentWrong, submitFailure } from './form-errors';

export interface UseServerFormOptions<
  TFieldValues extends FieldValues,
  TContext,
  TTransformedValues,
> extends Omit<
  // The values' types come from the resolver (the schema), not from the default values.
  UseFormProps<NoInfer<TFieldValues>, NoInfer<TContext>, NoInfer<TTransformedValues>>,
  'mode' | 'reValidateMode' | 'resolver'
> {
  /** The shared schema's check, usually `zodResolver(Schema)`: the API checks the same one. */
  resolver: Resolver<TFieldValues, TContext, TTransformedValues>;
  /** The fields a refusal from the API (400 with `fields`) may name: each message goes under its field. */
  serverFields: readonly NoInfer<Path<TFieldValues>>[];
  /** The failure's words go above the form even when fields took messages (the sign-in screens). */
  alwaysShowFailure?: boolean;
  /** Told of every failure, and of null when a new attempt starts (when a screen shows it). */
  onFailure?: (message: string | null) => void;
}

/**
 * The one way a form talks to the API (react-hook-form with the shared zod schema): checked on
 * submit, then on every change; while it is sent, `formState.isSubmitting`; when the API
 * refuses, its field messages go under the fields (the first is focused) and its words are
 * `failure`, for the form's FormAlert. `submitWith(send)` makes the form's onSubmit;
 * `startOver(field)` empties the form after a save, ready for the next one; `field(name)` gives
 * a TextField its registration and message.
 */
export function useServerForm<
  TFieldValues extends FieldValues,
  TContext = unknown,
  TTransformedValues = TFieldValues,
>({
  serverFields,
  alwaysShowFailure = false,
  onFailure,
  ...formOptions
}: UseServerFormOptions<TFieldValues, TContext, TTransformedValues>) {
  const form = useForm<TFieldValues, TContext, TTransformedValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...formOptions,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const report = (message: string | null) => {
    setFailure(message);
    onFailure?.(message);
  };

  // `reset` drops the fields' refs until they render again, so the focus moves in an effect.
  const focusAfterReset = useRef<Path<TFieldValues> | null>(null);
  const [resets, setResets] = useState(0);
  const { setFocus } = form;
  useEffect(() => {
    if (focusAfterReset.current) setFocus(focusAfterReset.current);
    focusAfterReset.current = null;
  }, [resets, setFocus]);
  /** Back to the default values (or `values`), the focus on `field`. */
  const startOver = (field: Path<TFieldValues>, values?: DefaultValues<TFieldValues>) => {
    form.reset(values);
    focusAfterReset.current = field;
    setResets((count) => count + 1);
  };

  const submitWith =
    (send: (values: TTransformedValues) => Promise<void>) => (event?: BaseSyntheticEvent) => {
      const submit = form.handleSubmit(async (values) => {
        report(null);
        try {
          await send(values);
        } catch (error) {
          report(
            submitFailure(error, {
              fieldNames: serverFields,
              setError: form.setError,
              alwaysShowFailure,
            }),
          );
        }
      });
      // Only the check itself can throw here (a lazily loaded check that failed to download).
      void submit(event).catch(() => report(somethingWentWrong));
    };

  /** A field's props for TextField and TextAreaField: registered, with its message. */
  const field = <TName extends Path<TFieldValues>>(
    name: TName,
    options?: RegisterOptions<TFieldValues, TName>,
  ) => ({
    ...form.register(name, options),
    error: form.getFieldState(name, form.formState).error?.message,
  });

  return { ...form, failure, submitWith, startOver, field };
}
