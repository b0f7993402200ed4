'use client';

import { Button, type ButtonProps } from '@mantine/core';
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** True once React has hydrated the page (false in the server HTML). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The submit button of every form: disabled until the page is hydrated, so a click or an Enter
 * before then cannot make the browser submit the form itself (as a GET carrying the fields,
 * passwords included, in the address).
 */
export function SubmitButton({ children, disabled, ...props }: ButtonProps & { children: React.ReactNode; 'data-testid'?: string }) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" disabled={!hydrated || disabled} {...props}>
      {children}
    </Button>
  );
}
