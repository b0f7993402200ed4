'use client';

import { Group, TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { SendCodeButton } from './send-code-button';

/**
 * The 6-digit emailed code: a numeric one-time-code input, with its send button beside it when
 * `onSend` is given (see SendCodeButton). Spread `form.register('code')` on it like on a TextInput.
 */
export function CodeField({
  onSend,
  ref,
  ...props
}: Omit<TextInputProps, 'inputMode' | 'maxLength' | 'autoComplete' | 'required'> & {
  ref?: Ref<HTMLInputElement>;
  name?: string;
  onBlur?: React.FocusEventHandler<HTMLInputElement>;
  onSend?: () => Promise<boolean>;
}) {
  const input = (
    <TextInput
      ref={ref}
      inputMode="numeric"
      maxLength={6}
      autoComplete="one-time-code"
      required
      style={onSend ? { flex: 1, minWidth: 0 } : undefined}
      {...props}
    />
  );
  if (!onSend) return input;
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      {input}
      <div style={{ paddingTop: 25 }}>
        <SendCodeButton onSend={onSend} />
      </div>
    </Group>
  );
}
