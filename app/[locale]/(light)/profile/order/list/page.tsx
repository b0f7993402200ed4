import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LinkButton, Notice, Panel, ui } from '@/components/layout/page-parts';
import { OrderTable } from '@/components/orders/order-table';
import { orderPayActions } from '@/components/payments/order-pay-actions';
import { requirePage } from '@/lib/auth/require-page';
import { listMyOrders } from '@/lib/orders/queries';
import { earliestPayBy, payByTimes } from '@/lib/orders/pay-by-queries';
import { formatPayBy } from '@/lib/orders/pay-by-text';
import { payRefusal } from '@/lib/payments/create-bill';
import { latestBills } from '@/lib/payments/queries';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orders');
  return { title: t('listTitle') };
}

/** My orders at this conference with their status: pay them (one or all of a currency), follow a payment, open a receipt. */
export default async function OrderListPage() {
  const { db, conference, user, locale } = await requirePage('/profile/order/list');
  const [t, tp, orders] = await Promise.all([
    getTranslations('orders'),
    getTranslations('payments'),
    listMyOrders(db, conference.id, user.id),
  ]);
  const actions = await orderPayActions(
    await latestBills(
      db,
      conference.id,
      orders.map((o) => o.id),
    ),
  );
  const payable = orders.filter((o) => !payRefusal(o));
  const payBy = await payByTimes(db, conference.id, orders);
  const firstPayBy = earliestPayBy(payBy);
  const byCurrency = [...new Set(payable.map((o) => o.currency))].map((currency) => ({
    currency,
    ids: payable.filter((o) => o.currency === currency).map((o) => o.id),
  }));
  return (
    <Panel>
      <h3 className={`${ui.h3} ${ui.title}`}>{t('listTitle')}</h3>
      {orders.length === 0 ? (
        <p className={`${ui.text} ${ui.dimmed}`} data-testid="orders-empty">
          {t('empty')}
        </p>
      ) : (
        <div className={ui.stack}>
          <OrderTable orders={orders} locale={locale} timeZone={conference.timeZone} action={(order) => actions(order)} payBy={payBy} />
          {byCurrency
            .filter((group) => group.ids.length > 1)
            .map((group) => (
              <div key={group.currency}>
                <LinkButton href={`/profile/order/pay/goto/${group.ids.join(',')}`} data-testid="pay-all">
                  {tp('paySelected', { currency: group.currency })}
                </LinkButton>
              </div>
            ))}
          {firstPayBy ? (
            <Notice data-testid="pay-later">{t('payLaterBy', { time: formatPayBy(firstPayBy, locale, conference.timeZone) })}</Notice>
          ) : (
            payable.length > 0 && <Notice>{t('payLater')}</Notice>
          )}
        </div>
      )}
    </Panel>
  );
}
