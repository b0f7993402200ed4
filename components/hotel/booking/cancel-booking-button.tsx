'use client';

import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApiAction } from '@/components/ui/use-api';

/** Cancels one of my unpaid bookings after a confirmation dialog; the page refreshes. */
export function CancelBookingButton({ id }: { id: number }) {
  const t = useTranslations('hotelBooking.mine');
  const { run, busy } = useApiAction();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="compact-sm" variant="light" color="red" onClick={() => setOpen(true)} data-testid={`hotel-booking-cancel-${id}`}>
        {t('cancel')}
      </Button>
      <Modal opened={open} onClose={() => (busy ? undefined : setOpen(false))} title={t('cancelTitle')} centered>
        <Stack gap="sm">
          <Text>{t('cancelText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)} disabled={busy}>
              {t('keep')}
            </Button>
            <Button
              color="red"
              loading={busy}
              data-testid={`hotel-booking-cancel-confirm-${id}`}
              onClick={async () => {
                await run(`/conference/hotel/bookings/${id}/cancel`, { method: 'POST' }, t('cancelled'));
                setOpen(false);
              }}
            >
              {t('cancelConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
