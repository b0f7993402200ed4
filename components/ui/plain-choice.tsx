'use client';

import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import f from './plain-form.module.css';
import c from './plain-choice.module.css';
import type { PlainOption } from './plain-form';

/**
 * Radio and checkbox groups and a single checkbox for the light screens' forms (the plain form kit,
 * components/ui/plain-form.tsx): native controls in Mantine's Radio/Checkbox look. A group is a fieldset whose legend is
 * its label; each control names the group's description and error (`<id>-error`, as Mantine's) in aria-describedby and
 * carries aria-invalid while the group is in error.
 */
type GroupProps = {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  options: PlainOption[];
  name?: string;
  onBlur?: () => void;
  disabled?: boolean;
  'data-field'?: string;
  'data-testid'?: string;
};

function ChoiceGroup({
  label,
  description,
  error,
  required,
  options,
  name,
  onBlur,
  disabled,
  type,
  isChecked,
  toggle,
  ...rest
}: GroupProps & { type: 'radio' | 'checkbox'; isChecked: (value: string) => boolean; toggle: (value: string, on: boolean) => void }) {
  const id = useId();
  const describedBy = [description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className={c.group}
      id={id}
      role={type === 'radio' ? 'radiogroup' : undefined}
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy}
      aria-required={type === 'radio' && required ? true : undefined}
      {...rest}
    >
      <legend id={`${id}-label`} className={f.label}>
        {label}
        {required && (
          <span className={f.required} aria-hidden>
            {' *'}
          </span>
        )}
      </legend>
      {description && (
        <p id={`${id}-description`} className={f.description}>
          {description}
        </p>
      )}
      <div className={c.options}>
        {options.map((o) => (
          <label key={o.value} className={c.choice} data-disabled={disabled || o.disabled || undefined}>
            <input
              type={type}
              className={c.control}
              name={name ?? id}
              value={o.value}
              checked={isChecked(o.value)}
              disabled={disabled || o.disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => toggle(o.value, e.currentTarget.checked)}
              onBlur={onBlur}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className={f.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One choice of several (Mantine's Radio.Group): '' until one is chosen. */
export function PlainRadioGroup({ value, onChange, ...props }: GroupProps & { value: string; onChange: (value: string) => void }) {
  return <ChoiceGroup {...props} type="radio" isChecked={(v) => v === value} toggle={(v, on) => on && onChange(v)} />;
}

/** Any number of choices (Mantine's Checkbox.Group), kept in the options' order. */
export function PlainCheckboxGroup({
  value,
  onChange,
  options,
  ...props
}: GroupProps & { value: string[]; onChange: (value: string[]) => void }) {
  return (
    <ChoiceGroup
      {...props}
      options={options}
      type="checkbox"
      isChecked={(v) => value.includes(v)}
      toggle={(v, on) => onChange(options.map((o) => o.value).filter((o) => (o === v ? on : value.includes(o))))}
    />
  );
}

/** A single checkbox with its label beside it (Mantine's Checkbox); react-hook-form's `register` passes straight through. */
export function PlainCheckbox({
  label,
  error,
  ref,
  id: given,
  ...input
}: { label: ReactNode; error?: ReactNode; ref?: Ref<HTMLInputElement> } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const generated = useId();
  const id = given ?? generated;
  return (
    <div className={f.field}>
      <label className={c.choice} data-disabled={input.disabled || undefined}>
        <input
          ref={ref}
          id={id}
          type="checkbox"
          className={c.control}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id={`${id}-error`} className={f.error}>
          {error}
        </p>
      )}
    </div>
  );
}
