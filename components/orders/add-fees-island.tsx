'use client';

// The stylesheets of what the fee chooser draws (the light screens carry no Mantine stylesheet of their own).
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import { MantineProvider } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useNamedTheme } from '@/components/ui/named-theme';
import { cssVariablesResolver } from '@/components/ui/theme';
import { AddFeesForm } from './fee-order-forms';

/**
 * The fee page's form for adding fees, the one part of that light screen drawn with Mantine (the
 * fee chooser is shared with the registration form): its own provider around it, so the rest of the
 * page stays server HTML.
 */
export function AddFeesIsland(props: ComponentProps<typeof AddFeesForm>) {
  const named = useNamedTheme();
  return (
    <MantineProvider theme={named} cssVariablesResolver={cssVariablesResolver} withGlobalClasses={false}>
      <AddFeesForm {...props} />
    </MantineProvider>
  );
}
