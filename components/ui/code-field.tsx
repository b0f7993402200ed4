'use client';

import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import f from './plain-form.module.css';
import { PlainInput } from './plain-form';
import { SendCodeButton } from './send-code-button';

/**
 * The 6-digit emailed code: a numeric one-time-code input, with its send button beside it when `onSend` is given (see
 * SendCodeButton). Spread `form.register('code')` on it like on an input. Plain elements (components/ui/plain-form.tsx),
 * so the login form carries no Mantine; it looks the same in a Mantine form.
 */
export function CodeField({
  onSend,
  ref,
  label,
  error,
  description,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'inputMode' | 'maxLength' | 'autoComplete' | 'required'> & {
  label: ReactNode;
  error?: ReactNode;
  description?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  onSend?: () => Promise<boolean>;
  'data-testid'?: string;
}) {
  const input = (
    <PlainInput
      ref={ref}
      label={label}
      error={error}
      description={description}
      inputMode="numeric"
      maxLength={6}
      autoComplete="one-time-code"
      required
      {...props}
    />
  );
  if (!onSend) return input;
  return (
    <div className={f.codeRow}>
      {input}
      <div className={f.codeSend}>
        <SendCodeButton onSend={onSend} />
      </div>
    </div>
  );
}
