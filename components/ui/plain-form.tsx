'use client';

import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { buttonLook, ui, type ButtonLook } from '@/components/layout/page-parts';
import f from './plain-form.module.css';
import { useHydrated } from './use-hydrated';

/**
 * The light screens' form kit (issue 22 point 9): label, description, input and error as plain elements in Mantine's
 * look (plain-form.module.css), for react-hook-form's `register` (its `ref` passes through). The error's id is
 * `<input id>-error` and the input names it in `aria-describedby`, as Mantine's inputs do. Nothing of Mantine is
 * shipped for a form built of these.
 */
type FieldProps = {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  'data-testid'?: string;
};

function useField({ description, error }: Pick<FieldProps, 'description' | 'error'>, given?: string) {
  const generated = useId();
  const id = given ?? generated;
  const describedBy = [description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return { id, describedBy };
}

function Field({ id, label, description, error, required, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={f.field}>
      <label htmlFor={id} className={f.label}>
        {label}
        {required && (
          <span className={f.required} aria-hidden>
            {' *'}
          </span>
        )}
      </label>
      {description && (
        <p id={`${id}-description`} className={f.description}>
          {description}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className={f.error}>
          {error}
        </p>
      )}
    </div>
  );
}

export function PlainInput({
  label,
  description,
  error,
  required,
  id: given,
  ref,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const { id, describedBy } = useField({ description, error }, given);
  return (
    <Field id={id} label={label} description={description} error={error} required={required}>
      <input
        id={id}
        ref={ref}
        className={f.input}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
    </Field>
  );
}

export function PlainTextarea({
  label,
  description,
  error,
  required,
  id: given,
  ref,
  ...input
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const { id, describedBy } = useField({ description, error }, given);
  return (
    <Field id={id} label={label} description={description} error={error} required={required}>
      <textarea
        id={id}
        ref={ref}
        className={f.input}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
    </Field>
  );
}

export type PlainOption = { value: string; label: string; disabled?: boolean };

/** A native select (the phone's own picker). */
export function PlainSelect({
  label,
  description,
  error,
  required,
  id: given,
  ref,
  options,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement>; options: PlainOption[] }) {
  const { id, describedBy } = useField({ description, error }, given);
  return (
    <Field id={id} label={label} description={description} error={error} required={required}>
      <select
        id={id}
        ref={ref}
        className={f.input}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Two columns from 48em, one on a phone. */
export function PlainGrid({ children }: { children: ReactNode }) {
  return <div className={f.grid}>{children}</div>;
}

/** A form's refusal that belongs to no field, beside its button (as `FormError`). */
export function PlainFormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className={f.formError} role="alert" data-testid="form-error">
      {message}
    </p>
  );
}

/**
 * The submit button (as `SubmitButton`): disabled until the page is hydrated, so an early click or Enter cannot make the
 * browser submit the form itself; busy while the form is being sent; the form's error just before it.
 */
export function PlainSubmit({
  children,
  error,
  loading,
  disabled,
  ...props
}: ButtonLook & { children: ReactNode; error?: string; loading?: boolean; disabled?: boolean; 'data-testid'?: string }) {
  const hydrated = useHydrated();
  const { variant, size, color, ...rest } = props;
  return (
    <>
      <PlainFormError message={error} />
      <button
        type="submit"
        disabled={!hydrated || disabled || loading}
        data-loading={loading || undefined}
        aria-busy={loading || undefined}
        {...buttonLook({ variant, size, color })}
        {...rest}
      >
        {loading && <span className={ui.spinner} aria-hidden />}
        {children}
      </button>
    </>
  );
}
