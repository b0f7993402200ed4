import '@mantine/core/styles/default-css-variables.css';
import '@/components/ui/theme-variables.css';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LightProviders } from '@/components/ui/light-providers';
import { pickMessages } from '@/lib/i18n/pick-messages';

/**
 * The messages the client components of these screens use: the side menu, the toasts' and the
 * confirm dialog's words, the pay-by countdown, the fee page's form for adding fees, the pay form and
 * the withdraw button. Nothing else of the language is written into the page.
 */
const CLIENT_MESSAGES = [
  'common.close',
  'nav.menu',
  'nav.menuCurrent',
  'errors.network',
  'errors.timeout',
  'confirmDialog',
  'orders',
  'fees',
  'validation.chooseRegisterFee',
  'payments.chooseMethod',
  'payments.kind_*',
  'payments.payNow',
  'submission.withdraw',
  'submission.withdrawn',
  'submission.withdrawConfirm',
] as const;

/**
 * The light signed-in screens (issue 22 point 9: the fee page, the order list, the payment page,
 * the submission list): drawn as server HTML with CSS modules, with small client islands and no
 * Mantine on the first load (components/ui/light-providers.tsx brings it for a toast or a dialog).
 * The theme's CSS variables come as files (Mantine's defaults and ours), not from its provider.
 * Same addresses as the screens of `(app)/` beside it: the group is not part of the address.
 */
export default async function LightLayout({ children }: { children: ReactNode }) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={pickMessages(messages as Parameters<typeof pickMessages>[0], CLIENT_MESSAGES)}>
      <LightProviders>{children}</LightProviders>
    </NextIntlClientProvider>
  );
}
