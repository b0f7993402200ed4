'use client';

import { Drawer, MantineProvider, Modal, Notification, mergeThemeOverrides } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useMemo, type ReactNode } from 'react';
import { z } from 'zod';
import { ConfirmProvider } from './confirm-dialog';
import { cssVariablesResolver, theme } from './theme';

// zod would probe whether it may compile validators with `new Function`; the page's
// Content-Security-Policy forbids that (and reports the probe), so it validates without.
z.config({ jitless: true });

export function Providers({ children }: { children: ReactNode }) {
  const close = useTranslations('common')('close');
  // Every dialog, drawer and notification's close button is named in the page's language (an
  // icon-only button without a name is a critical accessibility fault).
  const named = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': close } } }),
          Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': close } } }),
          Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': close } } }),
        },
      }),
    [close],
  );
  return (
    <MantineProvider theme={named} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-center" autoClose={2000} />
      <ConfirmProvider>{children}</ConfirmProvider>
    </MantineProvider>
  );
}
