'use client';

import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useMemo, type ReactNode } from 'react';
import { config } from 'zod/v4/core';
import { ConfirmProvider } from './confirm-dialog';
import { cssVariablesResolver, theme } from './theme';

// zod would probe whether it may compile validators with `new Function`; the page's
// Content-Security-Policy forbids that (and reports the probe), so it validates without. Only
// zod's config is imported here (not `z`, which would put all of zod on every screen).
config({ jitless: true });

/**
 * The toasts' container, loaded after the page is interactive: a toast only follows something the
 * visitor did, and `notifications.show()` keeps it in the store until the container is there.
 */
const Notifications = dynamic(() => import('@mantine/notifications').then((m) => m.Notifications), { ssr: false });

export function Providers({ children }: { children: ReactNode }) {
  const close = useTranslations('common')('close');
  // Every dialog, drawer and notification's close button is named in the page's language (an
  // icon-only button without a name is a critical accessibility fault). Plain defaults, not
  // `Modal.extend(…)`, so the dialogs' code stays with the screens that open one.
  const named = useMemo(() => {
    const closeButton = { defaultProps: { closeButtonProps: { 'aria-label': close } } };
    return mergeThemeOverrides(theme, { components: { Modal: closeButton, Drawer: closeButton, Notification: closeButton } });
  }, [close]);
  return (
    <MantineProvider theme={named} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-center" autoClose={2000} />
      <ConfirmProvider>{children}</ConfirmProvider>
    </MantineProvider>
  );
}
