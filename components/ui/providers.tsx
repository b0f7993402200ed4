'use client';

import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { cssVariablesResolver, theme } from './theme';

// zod would probe whether it may compile validators with `new Function`; the page's
// Content-Security-Policy forbids that (and reports the probe), so it validates without.
z.config({ jitless: true });

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications position="top-center" autoClose={2000} />
      {children}
    </MantineProvider>
  );
}
