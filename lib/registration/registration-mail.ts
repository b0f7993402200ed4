import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { user } from '@/db/schema';
import { formatMoney } from '@/lib/fees/money';
import { localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { enqueueMail } from '@/lib/mail/outbox';
import type { Order } from '@/lib/orders/place-fee-order';

/** Queues the registration confirmation (number and the orders to pay) inside the registration's transaction. */
export async function queueRegistrationMail(
  tx: Executor,
  input: { conferenceId: number; userId: string; title: LocalizedText; code: string; orders: Order[]; locale: Locale },
): Promise<void> {
  const [account] = await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, input.userId));
  const t = serverTranslator(input.locale, 'mail');
  const items = input.orders
    .map((o) => `${localized(o.itemName, input.locale)} × ${o.quantity} = ${formatMoney(o.totalMinor, o.currency, input.locale)}`)
    .join(input.locale === 'zh' ? '；' : '; ');
  await enqueueMail(tx, {
    conferenceId: input.conferenceId,
    to: account.email,
    template: 'registrationSuccess',
    locale: input.locale,
    vars: { name: account.name, conference: localized(input.title, input.locale), code: input.code, fees: items ? t('feesDue', { items }) : t('noFees') },
  });
}
