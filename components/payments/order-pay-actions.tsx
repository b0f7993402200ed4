import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { LinkButton, ui } from '@/components/layout/page-parts';
import type { Order } from '@/lib/orders/place-fee-order';
import { isPaid } from '@/lib/orders/rules';
import { payRefusal } from '@/lib/payments/create-bill';

/**
 * What a participant can do with an order about its payment: pay it, follow a payment under way,
 * or open the receipt. `extra` is shown beside (the fee page's change button).
 */
export async function orderPayActions(bills: Map<number, { id: number; status: string }>) {
  const t = await getTranslations('payments');
  return function PayActions(order: Order, extra?: ReactNode) {
    const bill = bills.get(order.id);
    const buttons: ReactNode[] = [];
    if (!payRefusal(order))
      buttons.push(
        <LinkButton key="pay" size="compact-sm" href={`/profile/order/pay/goto/${order.id}`} data-testid="pay-order">
          {t('payButton')}
        </LinkButton>,
      );
    if (bill && ['pending', 'delay', 'toBeConfirmed', 'exception'].includes(bill.status) && !isPaid(order.payStatus))
      buttons.push(
        <LinkButton
          key="bill"
          size="compact-sm"
          variant="light"
          href={`/profile/order/pay/goto/result/${bill.id}`}
          data-testid="view-payment"
        >
          {t('viewPayment')}
        </LinkButton>,
      );
    if (isPaid(order.payStatus))
      buttons.push(
        <LinkButton key="receipt" size="compact-sm" variant="light" href={`/profile/order/receipt/${order.id}`} data-testid="order-receipt">
          {t('receipt')}
        </LinkButton>,
      );
    if (extra) buttons.push(<span key="extra">{extra}</span>);
    return buttons.length ? (
      <div className={ui.group} data-gap="xs">
        {buttons}
      </div>
    ) : null;
  };
}
