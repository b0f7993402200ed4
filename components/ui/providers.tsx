'use client';

import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useEffect, type ReactNode } from 'react';

const theme = createTheme({
  primaryColor: 'indigo',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
});

export function Providers({ children }: { children: ReactNode }) {
  // Marks the page interactive; browser tests wait for it before they type or click.
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', 'true');
  }, []);
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-center" autoClose={2000} />
      {children}
    </MantineProvider>
  );
}
