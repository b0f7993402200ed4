import { renderMail } from '@/emails/templates';
import { formatMoney } from '@/lib/fees/money';
import { localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import type { Order } from '@/lib/orders/place-fee-order';
import type { RegistrationMail } from './register-participant';

/**
 * The registration confirmation (number and the orders to pay) in the registrant's language, with
 * `code` in place of the registration number (a token when the number is not known yet).
 */
export function registrationMail(input: { account: { email: string; name: string }; title: LocalizedText; code: string; orders: Order[]; locale: Locale }): RegistrationMail {
  const t = serverTranslator(input.locale, 'mail');
  const items = input.orders
    .map((o) => `${localized(o.itemName, input.locale)} × ${o.quantity} = ${formatMoney(o.totalMinor, o.currency, input.locale)}`)
    .join(input.locale === 'zh' ? '；' : '; ');
  const rendered = renderMail('registrationSuccess', input.locale, {
    name: input.account.name,
    conference: localized(input.title, input.locale),
    code: input.code,
    fees: items ? t('feesDue', { items }) : t('noFees'),
  });
  return { template: 'registrationSuccess', locale: input.locale, to: input.account.email, ...rendered };
}
