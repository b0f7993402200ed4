import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { OrderTable } from '@/components/orders/order-table';
import { PayForm } from '@/components/payments/pay-form';
import { LinkButton, Notice, Panel, ui } from '@/components/layout/page-parts';
import { requirePage } from '@/lib/auth/require-page';
import { formatMoney } from '@/lib/fees/money';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { myOrdersByIds } from '@/lib/orders/queries';
import { earliestPayBy, payByTimes } from '@/lib/orders/pay-by-queries';
import { formatPayBy } from '@/lib/orders/pay-by-text';
import { payRefusal } from '@/lib/payments/create-bill';
import { acceptsCurrency } from '@/lib/payments/method-fields';
import { payerMethods } from '@/lib/payments/methods';
import { ZOrderIdList } from '@/lib/payments/schemas';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('payments');
  return { title: t('payTitle') };
}

/** Pay one or more of my orders (spec §2 order/pay/goto/:orderIds): the orders, the total, the enabled methods. */
export default async function PayOrdersPage({ params }: { params: Promise<{ orderIds: string }> }) {
  const { db, conference, user, locale } = await requirePage('/profile/order/pay/goto/:orderIds');
  const [t, to] = await Promise.all([getTranslations('payments'), getTranslations('orders')]);
  const parsed = ZOrderIdList.safeParse(decodeURIComponent((await params).orderIds));
  const orders = parsed.success ? await myOrdersByIds(db, conference.id, user.id, parsed.data) : [];
  const shell = (body: ReactNode) => (
    <Panel>
      <div className={ui.stack}>
        <h3 className={ui.h3}>{t('payTitle')}</h3>
        {body}
        <div>
          <LinkButton href="/profile/order/list" variant="light">
            {t('backToOrders')}
          </LinkButton>
        </div>
      </div>
    </Panel>
  );
  if (!parsed.success || orders.length !== parsed.data.length) {
    return shell(
      <Notice color="orange" data-testid="pay-not-found">
        {t('ordersNotFound')}
      </Notice>,
    );
  }
  const refusal = orders.map(payRefusal).find(Boolean);
  const currencies = new Set(orders.map((o) => o.currency));
  const te = serverTranslator(locale, 'errors');
  const problem = refusal ? te(refusal.messageKey) : currencies.size > 1 ? te('currencyMixed') : null;
  const methods = (await payerMethods(db, conference.id)).filter((m) => acceptsCurrency(m.kind, orders[0].currency));
  const total = orders.reduce((sum, o) => sum + o.totalMinor, 0);
  const amount = formatMoney(total, orders[0].currency, locale);
  const payBy = await payByTimes(db, conference.id, orders);
  const firstPayBy = earliestPayBy(payBy);
  return shell(
    <>
      <OrderTable orders={orders} locale={locale} timeZone={conference.timeZone} columns="fee" payBy={payBy} />
      <p className={`${ui.text} ${ui.strong}`} data-testid="pay-total">
        {t('payTotal', { amount })}
      </p>
      {firstPayBy && (
        <p className={`${ui.text} ${ui.sm}`} data-testid="pay-later">
          {to('payLaterBy', { time: formatPayBy(firstPayBy, locale, conference.timeZone) })}
        </p>
      )}
      {problem ? (
        <Notice color="orange" data-testid="pay-refused">
          {problem}
        </Notice>
      ) : methods.length === 0 ? (
        <Notice color="orange" data-testid="pay-no-method">
          {t('noMethod')}
        </Notice>
      ) : (
        <PayForm orderIds={orders.map((o) => o.id)} kinds={methods.map((m) => m.kind)} amountLabel={amount} />
      )}
    </>,
  );
}
