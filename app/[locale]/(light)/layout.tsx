import '@mantine/core/styles/default-css-variables.css';
import '@/components/ui/theme-variables.css';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { LightProviders } from '@/components/ui/light-providers';
import { lightClientMessages } from '@/lib/i18n/light-messages';

/**
 * The light signed-in screens (issue 22 point 9: the fee page, the order list, the payment page,
 * the submission list): drawn as server HTML with CSS modules, with small client islands and no
 * Mantine on the first load (components/ui/light-providers.tsx brings it for a toast or a dialog).
 * The theme's CSS variables come as files (Mantine's defaults and ours), not from its provider.
 * Same addresses as the screens of `(app)/` beside it: the group is not part of the address.
 */
export default async function LightLayout({ children }: { children: ReactNode }) {
  return (
    <NextIntlClientProvider messages={await lightClientMessages()}>
      <LightProviders>{children}</LightProviders>
    </NextIntlClientProvider>
  );
}
