'use client';

import { notificationsStore } from '@mantine/notifications';
import dynamic from 'next/dynamic';
import { useEffect, useState, type ReactNode } from 'react';
import { ConfirmProvider } from './confirm-dialog';

const ConfirmOnDemand = dynamic(() => import('./mantine-on-demand').then((m) => m.ConfirmOnDemand), { ssr: false });
const ToastsOnDemand = dynamic(() => import('./mantine-on-demand').then((m) => m.ToastsOnDemand), { ssr: false });

/**
 * The providers of the light screens (app/[locale]/(light)): the app's confirm dialog and its toasts
 * work as under `Providers`, but Mantine (its provider, the dialog, the toasts' container and their
 * stylesheets) is loaded only when something asks a question or shows a toast, so the screen's first
 * load carries none of it. `notifications.show()` keeps a toast in the store until the container is
 * there.
 */
export function LightProviders({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState(false);
  useEffect(() => {
    if (toasts) return;
    const check = () => {
      if (notificationsStore.getState().notifications.length > 0) setToasts(true);
    };
    // A toast shown on the screen before this one (a change saved, then back here) is shown here.
    check();
    const unsubscribe = notificationsStore.subscribe(check);
    return () => {
      unsubscribe();
    };
  }, [toasts]);
  return (
    <ConfirmProvider modal={ConfirmOnDemand}>
      {children}
      {toasts && <ToastsOnDemand />}
    </ConfirmProvider>
  );
}
