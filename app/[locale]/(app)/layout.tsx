import '@mantine/core/styles.css';
import '@mantine/tiptap/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { Providers } from '@/components/ui/providers';

/**
 * The signed-in and form screens (login, registration, profile, console, admin): Mantine and
 * next-intl's client messages, which the public pages beside this folder do without.
 */
export default function AppLayout({ children }: { children: ReactNode }) {
  return (
    <NextIntlClientProvider>
      <Providers>{children}</Providers>
    </NextIntlClientProvider>
  );
}
