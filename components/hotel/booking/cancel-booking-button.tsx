'use client';

import { Button } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useApiAction } from '@/components/ui/use-api';

/** Cancels one of my unpaid bookings after the app's confirm dialog; the page refreshes. */
export function CancelBookingButton({ id }: { id: number }) {
  const t = useTranslations('hotelBooking.mine');
  const { run, busy } = useApiAction();
  return (
    <Button
      size="compact-sm"
      variant="light"
      color="red"
      loading={busy}
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
      {t('cancel')}
    </Button>
  );
}
