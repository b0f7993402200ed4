'use client';

import { useTranslations } from 'next-intl';
import { buttonLook, ui } from '@/components/layout/page-parts';
import { useApiAction } from '@/components/ui/use-api';

/** Cancels one of my unpaid bookings after the app's confirm dialog; the page refreshes. A plain button (a light screen). */
export function CancelBookingButton({ id }: { id: number }) {
  const t = useTranslations('hotelBooking.mine');
  const { run, busy } = useApiAction();
  return (
    <button
      type="button"
      {...buttonLook({ variant: 'light', color: 'red', size: 'compact-sm' })}
      disabled={busy}
      data-loading={busy || undefined}
      aria-busy={busy || undefined}
      onClick={() =>
        void run(`/conference/hotel/bookings/${id}/cancel`, { method: 'POST' }, t('cancelled'), {
          confirm: {
            title: t('cancelTitle'),
            message: t('cancelText'),
            confirmLabel: t('cancelConfirm'),
            cancelLabel: t('keep'),
            color: 'red',
          },
        })
      }
      data-testid={`hotel-booking-cancel-${id}`}
    >
      {busy && <span className={ui.spinner} aria-hidden />}
      {t('cancel')}
    </button>
  );
}
