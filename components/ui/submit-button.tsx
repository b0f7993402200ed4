'use client';

import { Button, type ButtonProps } from '@mantine/core';
import { FormError } from './form-error';
import { useHydrated } from './use-hydrated';

/**
 * The submit button of every form: disabled until the page is hydrated, so a click or an Enter
 * before then cannot make the browser submit the form itself (as a GET carrying the fields,
 * passwords included, in the address). `error` is the form's refusal that belongs to no field
 * (useApiForm's `formError`), shown just before the button.
 */
export function SubmitButton({
  children,
  disabled,
  error,
  ...props
}: ButtonProps & { children: React.ReactNode; error?: string; 'data-testid'?: string }) {
  const hydrated = useHydrated();
  return (
    <>
      <FormError message={error} />
      <Button type="submit" disabled={!hydrated || disabled} {...props}>
        {children}
      </Button>
    </>
  );
}
