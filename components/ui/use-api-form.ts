'use client';

import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { useRouter } from '@/lib/i18n/navigation';
import { ApiError } from './api-client';
import { useConfirm, type ConfirmRequest } from './confirm-dialog';
import { lazySchemaResolver, type SchemaSource } from './lazy-schema-resolver';
import { serverFieldErrors } from './server-field-errors';
import { useApi, useFieldError } from './use-api';

/** The page-bound API call of `useApi()`. */
export type Api = ReturnType<typeof useApi>;

/**
 * What a call function returns when a check of its own (e.g. a file still to choose) stopped it
 * and it sent nothing: the form shows that itself, and no success follows.
 */
export const NOT_SENT: unique symbol = Symbol('not sent');

/**
 * What a form's submit calls: a REST path (fixed or built from the values) with its method and,
 * when the body is not the values themselves, how to build it; or a function doing the call(s).
 */
export type ApiFormCall<TOutput, TResult> =
  | {
      path: string | ((values: TOutput) => string);
      /** POST by default. */
      method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      /** The body sent; the parsed values by default. */
      body?: (values: TOutput) => unknown;
    }
  | ((values: TOutput, api: Api) => Promise<TResult | typeof NOT_SENT>);

export type UseApiFormOptions<TSchema extends z.ZodType<FieldValues, FieldValues>, TResult> = {
  /**
   * The zod schema shared with the handler: the form holds its input type, the call gets its output.
   * Either the schema, or (on the participant's screens, to keep zod off the page's first load) a
   * function importing it from the same `lib/<domain>/schemas.ts` the handler uses:
   * `schema: loadLoginSchema` with `const loadLoginSchema = () => import('@/lib/accounts/schemas').then((m) => m.ZLogin)`.
   * A loaded schema comes with the first check (the first submit); the form starts loading it when
   * the visitor first focuses a field. Keep the function's identity stable (module level or useCallback).
   */
  schema: SchemaSource<TSchema>;
  defaultValues?: DefaultValues<z.input<TSchema>>;
  /** Values that follow a prop (e.g. a modal reopened on another row): the form resets when they change. */
  values?: z.input<TSchema>;
  call: ApiFormCall<z.output<TSchema>, TResult>;
  /**
   * Asked in the app's confirm dialog once the values are valid, before the call; cancelling sends
   * nothing and shows nothing. A function may answer null when these values need no question.
   */
  confirm?: ConfirmRequest | ((values: z.output<TSchema>) => ConfirmRequest | null);
  /** The success notification (already in the user's language), or one made from the answer; none when left out. */
  success?: string | ((result: TResult, values: z.output<TSchema>) => string);
  /** After a success (and its notification): navigate, reset, close a modal… */
  onSuccess?: (result: TResult, values: z.output<TSchema>) => void | Promise<void>;
  /**
   * A refusal, before it is shown: return true when the form handled it itself (e.g. a code that
   * opens a further field), and nothing is shown; otherwise it goes on its fields and as a notification.
   */
  onError?: (error: unknown) => boolean | void;
  /** Refresh the page's server data after a success (router.refresh()). */
  refresh?: boolean;
  /** Server field keys the form names differently: `{ serverKey: 'form.path' }`. */
  fieldMap?: Record<string, Path<z.input<TSchema>>>;
  /** Further react-hook-form options (mode, shouldUnregister…). */
  formOptions?: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, 'resolver' | 'defaultValues' | 'values'>;
};

export type ApiForm<TSchema extends z.ZodType<FieldValues, FieldValues>> = {
  /** react-hook-form's form: fields typed by the schema's input, `handleSubmit` by its output. */
  form: UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>>;
  /** The `<form onSubmit>`: checks with the schema, calls the API, shows the outcome. */
  submit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /**
   * A field's message in the user's language, by path (`fieldError('title.zh')`) or from an error
   * object (`fieldError(errors.title?.zh)`); undefined when the field is fine.
   */
  fieldError: (field: Path<z.input<TSchema>> | Pick<FieldError, 'message'> | { message?: unknown } | undefined) => string | undefined;
  /**
   * The refusal no input shows (also shown as a notification): every form shows it inline, e.g.
   * `<SubmitButton error={formError}>`, so a notification is never its only copy.
   */
  formError: string | undefined;
};

/**
 * The one typed form of the kit: the schema's resolver, the API call through api-client, the
 * server's `fields` errors on their inputs and the rest as `formError` for the form to show
 * inline (each also as a notification), a question in the app's confirm dialog when asked, and the
 * success notification.
 *
 *   const { form, submit, fieldError } = useApiForm({
 *     schema: ZNoticeInput,
 *     values: initial,
 *     call: { path: '/conference/platform/manage/notice' },
 *     success: t('saved'),
 *     onSuccess: () => onSaved(),
 *   });
 */
export function useApiForm<TSchema extends z.ZodType<FieldValues, FieldValues>, TResult = unknown>(
  options: UseApiFormOptions<TSchema, TResult>,
): ApiForm<TSchema> {
  const api = useApi();
  const router = useRouter();
  const translate = useFieldError();
  const ask = useConfirm();
  const network = useTranslations('errors')('network');
  const resolver = useMemo(() => lazySchemaResolver(options.schema), [options.schema]);
  // The schema and zod's resolver start loading at the visitor's first focus, so a submit rarely waits for them.
  useEffect(() => {
    const start = () => void resolver.preload().catch(() => undefined);
    document.addEventListener('focusin', start, { once: true });
    return () => document.removeEventListener('focusin', start);
  }, [resolver]);
  const form = useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    ...options.formOptions,
    resolver,
    defaultValues: options.defaultValues,
    values: options.values,
  });
  const { call, confirm, success, onSuccess, onError, refresh, fieldMap } = options;

  const check = form.handleSubmit(async (values) => {
    const question = typeof confirm === 'function' ? confirm(values) : confirm;
    if (question && !(await ask(question))) return;
    try {
      const result =
        typeof call === 'function'
          ? await call(values, api)
          : await api<TResult>(typeof call.path === 'function' ? call.path(values) : call.path, {
              method: call.method ?? 'POST',
              body: call.body ? call.body(values) : values,
            });
      if (result === NOT_SENT) return;
      if (success) notifications.show({ color: 'green', message: typeof success === 'function' ? success(result, values) : success });
      await onSuccess?.(result, values);
      if (refresh) router.refresh();
    } catch (error) {
      if (onError?.(error) === true) return;
      showFormError(form, error, fieldMap);
    }
  });
  // The schema's script could not be loaded (a network failure): said beside the button, and the next submit tries again.
  const submit = async (event?: React.BaseSyntheticEvent) => {
    try {
      await check(event);
    } catch {
      form.setError('root.server', { type: 'server', message: network });
    }
  };

  const errors = form.formState.errors;
  const fieldError = useCallback<ApiForm<TSchema>['fieldError']>(
    (field) => translate(typeof field === 'string' ? (get(errors, field) as FieldError | undefined) : field),
    [errors, translate],
  );
  const rootError = errors.root?.server?.message;
  return { form, submit, fieldError, formError: typeof rootError === 'string' ? rootError : undefined };
}

/** Whether `name` (or a path above it, e.g. a bilingual pair's `title` for `title.zh`) is an input of the form now. */
function onInput<T extends FieldValues, O extends FieldValues>(form: UseFormReturn<T, unknown, O>, name: string): boolean {
  const mounted = form.control._names.mount;
  const parts = name.split('.');
  return parts.some((_, i) => mounted.has(parts.slice(0, i + 1).join('.')));
}

/**
 * A refusal on the form: `fields` on their inputs, where they stay until the next submit (with the
 * message as a notification too); what no input shows (the message of a refusal without fields, a
 * field the form does not have, a network failure) as the form's root error, which every form shows
 * inline beside its button (`formError`). A notification is never the only copy.
 */
function showFormError<T extends FieldValues, O extends FieldValues>(
  form: UseFormReturn<T, unknown, O>,
  error: unknown,
  fieldMap: Record<string, string> = {},
) {
  if (error instanceof ApiError) {
    const fields = serverFieldErrors(error.fields, fieldMap);
    for (const { name, message } of fields) {
      form.setError(name as Path<T>, { type: 'server', message });
    }
    const unshown = fields.filter(({ name }) => !onInput(form, name)).map(({ message }) => message);
    if (fields.length === 0 || unshown.length > 0) {
      form.setError('root.server', { type: 'server', message: fields.length === 0 ? error.message : [...new Set(unshown)].join(' ') });
      return;
    }
    notifications.show({ color: error.status === 401 || error.status === 409 ? 'orange' : 'red', message: error.message });
    return;
  }
  form.setError('root.server', { type: 'server', message: String((error as Error)?.message ?? error) });
}
