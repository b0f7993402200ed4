import { getMessages } from 'next-intl/server';
import { pickMessages } from './pick-messages';

/**
 * The messages the client components of every light screen (app/[locale]/(light)) use: the side menu, the toasts' and
 * the confirm dialog's words, the pay-by countdown, the fee page's form for adding fees, the pay form, the withdraw
 * button, the presenter's answers and
 * the screen shown when one fails to render. Nothing else of the language is written into the page; a screen with a form
 * of its own adds that form's words around it (a nested NextIntlClientProvider given this list and its own).
 */
export const LIGHT_CLIENT_MESSAGES = [
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
  'presenter',
  // The words of a screen that failed to render (components/site/error-screen.tsx).
  'prompt.errorTitle',
  'prompt.errorText',
  'prompt.errorReference',
  'prompt.errorRetry',
  'prompt.backHome',
] as const;

/** The language's messages a light screen hands to its client islands: the list above, plus `extra` for its own forms. */
export async function lightClientMessages(extra: readonly string[] = []) {
  return pickMessages((await getMessages()) as Parameters<typeof pickMessages>[0], [...LIGHT_CLIENT_MESSAGES, ...extra]);
}
