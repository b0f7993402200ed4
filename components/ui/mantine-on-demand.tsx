'use client';

// Only the stylesheets of what this module draws (the toasts and the confirm dialog), loaded with it:
// the light screens carry no Mantine stylesheet until something asks or a toast is shown.
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import type { ConfirmQuestion } from './confirm-dialog';
import { ConfirmModal } from './confirm-modal';
import { useNamedTheme } from './named-theme';
import { cssVariablesResolver } from './theme';

/** Mantine's provider for what a light screen shows on demand (its own CSS variables come from theme-variables.css). */
function OnDemand({ children }: { children: ReactNode }) {
  const named = useNamedTheme();
  return (
    <MantineProvider theme={named} cssVariablesResolver={cssVariablesResolver} withGlobalClasses={false}>
      {children}
    </MantineProvider>
  );
}

/** The app's confirm dialog on a light screen (components/ui/light-providers.tsx loads it on the first question). */
export function ConfirmOnDemand(props: { request: ConfirmQuestion; settle: (ok: boolean) => void }) {
  return (
    <OnDemand>
      <ConfirmModal {...props} />
    </OnDemand>
  );
}

/** The toasts on a light screen (loaded with the first `notifications.show()`), as `Providers` places them. */
export function ToastsOnDemand() {
  return (
    <OnDemand>
      <Notifications position="top-center" autoClose={2000} />
    </OnDemand>
  );
}
