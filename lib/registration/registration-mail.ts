import { formatMoney } from '@/lib/fees/money';
import { localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { renderWithOverride, type TemplateOverride } from '@/lib/mail/render';
import type { Order } from '@/lib/orders/place-fee-order';
import { orderPayBy } from '@/lib/orders/pay-by';
import { formatPayBy, payPageUrl } from '@/lib/orders/pay-by-text';

/**
 * The registration confirmation (number and the orders to pay) in the registrant's language, with
 * `code` in place of the registration number (a token when the number is not known yet), in the
 * organisers' wording when they wrote one.
 */
export function registrationMail(input: {
  account: { email: string; name: string };
  title: LocalizedText;
  code: string;
  orders: Order[];
  locale: Locale;
  /** The conference's wording of `registrationSuccess` (null: the built-in one). */
  override?: TemplateOverride | null;
  /** What the orders must be paid by and where (when there are orders to pay). */
  pay?: { orderExpiryMinutes: number; timeZone: string; origin: string } | null;
}): RegistrationMail {
  const t = serverTranslator(input.locale, 'mail');
  const items = input.orders
    .map((o) => `${localized(o.itemName, input.locale)} × ${o.quantity} = ${formatMoney(o.totalMinor, o.currency, input.locale)}`)
    .join(input.locale === 'zh' ? '；' : '; ');
  const pay = input.pay;
  const payBys = pay ? input.orders.flatMap((o) => orderPayBy(o, pay.orderExpiryMinutes) ?? []) : [];
  const payBy = payBys.length ? formatPayBy(new Date(Math.min(...payBys.map((d) => d.getTime()))), input.locale, pay?.timeZone) : '';
  const payUrl =
    pay && payBy
      ? payPageUrl(
          pay.origin,
          input.locale,
          input.orders.filter((o) => orderPayBy(o, pay.orderExpiryMinutes)),
        )
      : '';
  const rendered = renderWithOverride('registrationSuccess', input.override, input.locale, {
    name: input.account.name,
    conference: localized(input.title, input.locale),
    code: input.code,
    fees: items ? (payBy ? t('feesDueBy', { items, payBy, payUrl }) : t('feesDue', { items })) : t('noFees'),
    payBy,
    payUrl,
  });
  return { template: 'registrationSuccess', locale: input.locale, to: input.account.email, ...rendered };
}

/** The mail with the registration code in place of CODE_TOKEN. */
export function withCode(mail: RegistrationMail, code: string): RegistrationMail {
  return {
    ...mail,
    subject: mail.subject.replaceAll(CODE_TOKEN, code),
    text: mail.text.replaceAll(CODE_TOKEN, code),
    html: mail.html.replaceAll(CODE_TOKEN, code),
  };
}

/** A rendered mail to queue with a registration. */
export type RegistrationMail = { template: string; locale: string; to: string; subject: string; text: string; html: string };
/** Stands for the registration code in a mail rendered before the code is known. */
export const CODE_TOKEN = '\u0001REGISTRATION_CODE\u0001';
