import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ChangeRegisterFeeForm } from '@/components/orders/fee-order-forms';
import { requirePage } from '@/lib/auth/require-page';
import { feeOffer } from '@/lib/fees/fee-offer';
import { ChangeOrderShell, loadChangeableOrder } from '@/components/orders/change-order-shell';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orders');
  return { title: t('updateRegisterTitle') };
}

/** Change my registration fee before paying it. */
export default async function UpdateRegisterFeePage({ params }: { params: Promise<{ orderId: string }> }) {
  const ctx = await requirePage('/profile/conference/fee/register/update/:orderId');
  const found = await loadChangeableOrder(ctx, (await params).orderId, 'registration');
  const offer = found.order && found.changeable ? await feeOffer(ctx.db, ctx.conference, { locale: ctx.locale }) : null;
  return (
    <ChangeOrderShell title="updateRegisterTitle" found={found} locale={ctx.locale}>
      {found.order && offer && (
        <ChangeRegisterFeeForm
          orderId={found.order.id}
          currentFeeId={found.order.orderStatus === 'available' ? found.order.feeId : null}
          initialOffer={offer}
          country={found.country}
        />
      )}
    </ChangeOrderShell>
  );
}
