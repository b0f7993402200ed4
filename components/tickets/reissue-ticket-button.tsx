'use client';

import { Button } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useApiAction } from '@/components/ui/use-api';

/**
 * The organiser's "reissue the ticket" (a lost phone, a forwarded QR code): asked first in the app's dialog, since the
 * old QR code stops working at the door; the new ticket is mailed to the registrant.
 */
export function ReissueTicketButton({ registrationId, email, issued }: { registrationId: number; email: string; issued: boolean }) {
  const t = useTranslations('ticketAdmin');
  const { run, busy } = useApiAction();
  const label = issued ? t('reissue') : t('issue');
  return (
    <Button
      variant="light"
      loading={busy}
      data-testid="ticket-reissue"
      onClick={() =>
        run('/conference/manage/user/ticket/reissue', { method: 'POST', body: { registrationId } }, t('reissued', { email }), {
          confirm: {
            message: issued ? t('reissueConfirm', { email }) : t('issueConfirm', { email }),
            confirmLabel: label,
            color: 'orange',
          },
        })
      }
    >
      {label}
    </Button>
  );
}
