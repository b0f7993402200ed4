'use client';

import { MantineProvider } from '@mantine/core';
import dynamic from 'next/dynamic';
import type { ReactNode } from 'react';
import { config } from 'zod/v4/core';
import { ConfirmProvider } from './confirm-dialog';
import { useNamedTheme } from './named-theme';
import { cssVariablesResolver } from './theme';

// zod would probe whether it may compile validators with `new Function`; the page's
// Content-Security-Policy forbids that (and reports the probe), so it validates without. Only
// zod's config is imported here (not `z`, which would put all of zod on every screen).
config({ jitless: true });

/**
 * The toasts' container, loaded after the page is interactive: a toast only follows something the
 * visitor did, and `notifications.show()` keeps it in the store until the container is there.
 */
const Notifications = dynamic(() => import('@mantine/notifications').then((m) => m.Notifications), { ssr: false });

/** Mantine, its toasts and the confirm dialog: the screens of `(app)/` (the light screens use light-providers.tsx). */
export function Providers({ children }: { children: ReactNode }) {
  const named = useNamedTheme();
  return (
    <MantineProvider theme={named} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-center" autoClose={2000} />
      <ConfirmProvider>{children}</ConfirmProvider>
    </MantineProvider>
  );
}
