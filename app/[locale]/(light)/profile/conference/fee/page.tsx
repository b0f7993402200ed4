import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AddFeesForm } from '@/components/orders/add-fees-form';
import { OrderTable } from '@/components/orders/order-table';
import { LinkButton, Notice, Panel, ui } from '@/components/layout/page-parts';
import { canChangeOrder } from '@/lib/orders/rules';
import { requirePage } from '@/lib/auth/require-page';
import { feeOffer } from '@/lib/fees/fee-offer';
import type { Order } from '@/lib/orders/place-fee-order';
import { myFeeOrders } from '@/lib/orders/queries';
import { earliestPayBy, payByTimes } from '@/lib/orders/pay-by-queries';
import { formatPayBy } from '@/lib/orders/pay-by-text';
import { orderPayActions } from '@/components/payments/order-pay-actions';
import { latestBills } from '@/lib/payments/queries';
import { findRegistration } from '@/lib/registration/register-participant';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orders');
  return { title: t('feeTitle') };
}

/** My registration fee and optional fees with their orders; change them before payment, or add more. */
export default async function FeePage() {
  const { db, conference, user, locale } = await requirePage('/profile/conference/fee');
  const [t, registration] = await Promise.all([getTranslations('orders'), findRegistration(db, conference.id, user.id)]);
  const title = <h3 className={`${ui.h3} ${ui.title}`}>{t('feeTitle')}</h3>;
  if (!registration) {
    return (
      <Panel>
        {title}
        <div className={ui.stack} data-gap="sm" data-align="start">
          <p className={ui.text} data-testid="fee-not-registered">
            {t('notRegistered')}
          </p>
          <LinkButton href="/conferenceRegister">{t('goRegister')}</LinkButton>
        </div>
      </Panel>
    );
  }
  const [orders, offer] = await Promise.all([myFeeOrders(db, conference.id, user.id), feeOffer(db, conference, { locale })]);
  const country = typeof registration.answers.country === 'string' ? registration.answers.country : null;
  const hasRegisterOrder = orders.registration.some((o) => o.orderStatus === 'available');
  // Optional fees I already hold are changed on their own page, not added again.
  const held = orders.optional.filter((o) => o.orderStatus === 'available' || canChangeOrder(o)).flatMap((o) => (o.feeId ? [o.feeId] : []));
  const payBy = await payByTimes(db, conference.id, [...orders.registration, ...orders.optional]);
  const firstPayBy = earliestPayBy(payBy);
  const payActions = await orderPayActions(
    await latestBills(
      db,
      conference.id,
      [...orders.registration, ...orders.optional].map((o) => o.id),
    ),
  );
  const change = (kind: 'register' | 'optional') =>
    function ChangeLink(order: Order) {
      return payActions(
        order,
        canChangeOrder(order) ? (
          <LinkButton
            size="compact-sm"
            variant="light"
            href={`/profile/conference/fee/${kind}/update/${order.id}`}
            data-testid="change-order"
          >
            {order.orderStatus === 'available' ? t('change') : t('chooseAgain')}
          </LinkButton>
        ) : null,
      );
    };

  if (!offer.charged && orders.registration.length === 0 && orders.optional.length === 0) {
    return (
      <Panel>
        {title}
        <Notice color="green" data-testid="fee-free">
          {t('free')}
        </Notice>
      </Panel>
    );
  }
  return (
    <Panel>
      {title}
      <div className={ui.stack} data-gap="lg">
        <section data-testid="fee-register-section">
          <h5 className={`${ui.h5} ${ui.subtitle}`}>{t('registerFee')}</h5>
          {orders.registration.length > 0 ? (
            <OrderTable
              orders={orders.registration}
              locale={locale}
              timeZone={conference.timeZone}
              columns="fee"
              action={change('register')}
              payBy={payBy}
            />
          ) : (
            <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>{t('noRegisterOrder')}</p>
          )}
          {!hasRegisterOrder && offer.charged && orders.registration.every((o) => !canChangeOrder(o)) && offer.register.length > 0 && (
            <AddFeesForm initialOffer={offer} only="register" country={country} testId="add-register-fee" />
          )}
        </section>
        <hr className={ui.divider} />
        <section data-testid="fee-optional-section">
          <h5 className={`${ui.h5} ${ui.subtitle}`}>{t('optionalFees')}</h5>
          {orders.optional.length > 0 ? (
            <OrderTable
              orders={orders.optional}
              locale={locale}
              timeZone={conference.timeZone}
              columns="fee"
              action={change('optional')}
              payBy={payBy}
            />
          ) : (
            <p className={`${ui.text} ${ui.sm} ${ui.dimmed}`}>{t('noOptionalOrder')}</p>
          )}
          {offer.charged && offer.optional.some((fee) => !held.includes(fee.id)) && (
            <div className={`${ui.stack} ${ui.addFees}`} data-gap="xs">
              <p className={`${ui.text} ${ui.sm} ${ui.medium}`}>{t('addOptional')}</p>
              <AddFeesForm initialOffer={offer} only="optional" country={country} testId="add-optional-fee" exclude={held} />
            </div>
          )}
        </section>
        {firstPayBy ? (
          <Notice data-testid="pay-later">{t('payLaterBy', { time: formatPayBy(firstPayBy, locale, conference.timeZone) })}</Notice>
        ) : (
          [...orders.registration, ...orders.optional].some((o) => o.orderStatus === 'available' && o.payStatus === 'unpaid') && (
            <Notice>{t('payLater')}</Notice>
          )
        )}
      </div>
    </Panel>
  );
}
