'use client';

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
