'use client';

import { PasswordInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { get, type FieldError, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useApi, useFieldError } from '@/components/ui/use-api';

/** The values of the two emailed-code forms (sign-up and reset). */
export type CodeFormValues = { email: string; code: string; name: string; password: string; confirmPassword: string };

/** Who the password must not resemble (the strength check refuses the email or the name in it). */
type Identity = { email?: string; name?: string };

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * New password and its confirmation, for any form with `password` and `confirmPassword` (sign-up,
 * reset, reviewer activation): the rules under the field, and the strength checked by the server
 * when the field is left. `identity` says whose email and name the password must not contain (by
 * default the form's own `email` and `name`); `testIdPrefix` names the inputs `<prefix>-password`
 * and `<prefix>-confirmPassword` for the browser tests.
 */
export function PasswordFields<T extends FieldValues, O extends FieldValues>({
  form,
  label,
  identity,
  testIdPrefix,
}: {
  form: UseFormReturn<T, unknown, O>;
  label: string;
  identity?: () => Identity;
  testIdPrefix?: string;
}) {
  const t = useTranslations('auth');
  const api = useApi();
  const fieldError = useFieldError();
  const password = 'password' as Path<T>;
  const confirmPassword = 'confirmPassword' as Path<T>;
  const errors = form.formState.errors;
  const checkStrength = async () => {
    const value = text(form.getValues(password));
    if (!value) return;
    const values: Record<string, unknown> = form.getValues();
    const who = identity?.() ?? { email: text(values.email), name: text(values.name) };
    try {
      const result = await api<{ result: number; message: string }>('/conference/conferenceRegUserConfig/checkPassword', {
        body: { password: value, email: who.email || undefined, name: who.name || undefined },
      });
      if (result.result !== 1) form.setError(password, { type: 'server', message: result.message });
      else if ((get(errors, password) as FieldError | undefined)?.type === 'server') form.clearErrors(password);
    } catch {
      /* the submit checks again */
    }
  };
  const passwordField = form.register(password);
  return (
    <>
      <PasswordInput
        label={label}
        description={t('passwordRule')}
        autoComplete="new-password"
        required
        error={fieldError(get(errors, password) as FieldError | undefined)}
        data-testid={testIdPrefix && `${testIdPrefix}-password`}
        {...passwordField}
        onBlur={(event) => {
          void passwordField.onBlur(event);
          void checkStrength();
        }}
      />
      <PasswordInput
        label={t('confirmPassword')}
        autoComplete="new-password"
        required
        error={fieldError(get(errors, confirmPassword) as FieldError | undefined)}
        data-testid={testIdPrefix && `${testIdPrefix}-confirmPassword`}
        {...form.register(confirmPassword)}
      />
    </>
  );
}
