import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ChangeOptionalFeeForm } from '@/components/orders/fee-order-forms';
import { requirePage } from '@/lib/auth/require-page';
import { ChangeOrderShell, loadChangeableOrder } from '@/components/orders/change-order-shell';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orders');
  return { title: t('updateOptionalTitle') };
}

/** Change the quantity of an optional fee before paying it, or drop it. */
export default async function UpdateOptionalFeePage({ params }: { params: Promise<{ orderId: string }> }) {
  const ctx = await requirePage('/profile/conference/fee/optional/update/:orderId');
  const found = await loadChangeableOrder(ctx, (await params).orderId, 'optional');
  const { order, fee } = found;
  return (
    <ChangeOrderShell title="updateOptionalTitle" found={found} locale={ctx.locale}>
      {order && fee && (
        <ChangeOptionalFeeForm orderId={order.id} feeId={fee.id} quantity={order.quantity} perAccountMax={fee.perAccountMax} />
      )}
    </ChangeOrderShell>
  );
}
