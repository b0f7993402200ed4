'use client';

import {
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
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

/** The field's id and the attributes every control of the kit carries: its id, look, required, invalid and descriptions. */
/** The ids a control names in aria-describedby: its description's and its error's, when shown. */
export function describedByOf(id: string, description: ReactNode, error: ReactNode): string | undefined {
  return [description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function useField({ description, error, required }: Pick<FieldProps, 'description' | 'error' | 'required'>, given?: string) {
  const generated = useId();
  const id = given ?? generated;
  const describedBy = describedByOf(id, description, error);
  return {
    id,
    control: { id, className: f.input, required, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
  };
}

/**
 * A field's frame: its label (with the required mark), description, control and error, with the ids the control's
 * aria-describedby names (describedByOf). The kit's controls use it, and so do the plain keywords box and upload.
 */
export function PlainField({
  id,
  label,
  description,
  error,
  required,
  errorRole,
  wrapper,
  children,
}: Omit<FieldProps, 'data-testid'> & {
  id: string;
  /** `alert` where the error arrives after an action (an upload refused), so it is announced. */
  errorRole?: 'alert';
  /** Attributes of the frame itself (test ids, data-field). */
  wrapper?: Record<`data-${string}`, string | undefined>;
  children: ReactNode;
}) {
  return (
    <div className={f.field} {...wrapper}>
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
        <p id={`${id}-error`} className={f.error} role={errorRole}>
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
  const { id, control } = useField({ description, error, required }, given);
  return (
    <PlainField id={id} label={label} description={description} error={error} required={required}>
      <input ref={ref} {...control} {...input} />
    </PlainField>
  );
}

/**
 * A password with Mantine's visibility toggle: an eye button inside the input (as Mantine's, out of the tab order and
 * hidden from assistive technology, so the field keeps its one label).
 */
export function PlainPasswordInput({
  label,
  description,
  error,
  required,
  id: given,
  ref,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: Ref<HTMLInputElement> }) {
  const { id, control } = useField({ description, error, required }, given);
  const [visible, setVisible] = useState(false);
  return (
    <PlainField id={id} label={label} description={description} error={error} required={required}>
      <div className={f.withToggle}>
        <input ref={ref} type={visible ? 'text' : 'password'} {...control} {...input} />
        <button
          type="button"
          className={f.toggle}
          tabIndex={-1}
          aria-hidden
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => setVisible((v) => !v)}
        >
          <svg viewBox="0 0 15 15" width="15" height="15" aria-hidden>
            {visible ? (
              <path
                fill="currentColor"
                d="M13.35 1.65a.5.5 0 0 1 0 .7l-11 11a.5.5 0 0 1-.7-.7l2.02-2.02C2.4 9.73 1.55 8.62 1.07 7.75a.5.5 0 0 1 0-.5C1.98 5.6 4.3 3 7.5 3c1.07 0 2.04.29 2.9.74l2.25-2.25a.5.5 0 0 1 .7 0ZM9.65 4.5A5.2 5.2 0 0 0 7.5 4C5.07 4 3.18 5.83 2.1 7.5c.46.74 1.14 1.63 2.06 2.36l1.1-1.1a2.5 2.5 0 0 1 3.49-3.5l.9-.76ZM12.4 5.32l-.72.72c.5.5.91 1.02 1.22 1.46C11.82 9.17 9.93 11 7.5 11c-.57 0-1.1-.1-1.6-.27l-.78.78c.7.31 1.49.49 2.38.49 3.2 0 5.52-2.6 6.43-4.25a.5.5 0 0 0 0-.5 9.4 9.4 0 0 0-1.53-1.93Z"
              />
            ) : (
              <path
                fill="currentColor"
                d="M7.5 11C4.8 11 2.86 9.1 2.1 7.5 2.86 5.9 4.8 4 7.5 4s4.64 1.9 5.4 3.5C12.14 9.1 10.2 11 7.5 11Zm0-8C4.3 3 1.98 5.6 1.07 7.25a.5.5 0 0 0 0 .5C1.98 9.4 4.3 12 7.5 12s5.52-2.6 6.43-4.25a.5.5 0 0 0 0-.5C13.02 5.6 10.7 3 7.5 3Zm0 6a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm0 1a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z"
              />
            )}
          </svg>
        </button>
      </div>
    </PlainField>
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
  const { id, control } = useField({ description, error, required }, given);
  return (
    <PlainField id={id} label={label} description={description} error={error} required={required}>
      <textarea ref={ref} {...control} {...input} />
    </PlainField>
  );
}

export type PlainOption = { value: string; label: string; disabled?: boolean };

/**
 * A native select (the phone's own picker). `namesMayDiffer`: the options' words come from the runtime's ICU (country
 * names), which names a few differently in Node and in browsers; the server's words stay, without a hydration error.
 */
export function PlainSelect({
  label,
  description,
  error,
  required,
  id: given,
  ref,
  options,
  namesMayDiffer,
  ...select
}: FieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement>; options: PlainOption[]; namesMayDiffer?: boolean }) {
  const { id, control } = useField({ description, error, required }, given);
  return (
    <PlainField id={id} label={label} description={description} error={error} required={required}>
      <select ref={ref} {...control} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled} suppressHydrationWarning={namesMayDiffer}>
            {o.label}
          </option>
        ))}
      </select>
    </PlainField>
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
  fullWidth,
  ...props
}: ButtonLook & {
  children: ReactNode;
  error?: string;
  loading?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  'data-testid'?: string;
}) {
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
        style={fullWidth ? { width: '100%' } : undefined}
        {...rest}
      >
        {loading && <span className={ui.spinner} aria-hidden />}
        {children}
      </button>
    </>
  );
}
