'use client';

import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useApiAction } from '@/components/ui/use-api';

/** The bulk issue: one mail to every participant checked in at the door who has not had one, after a confirmation. */
export function CertificateMailButton({ disabled }: { disabled: boolean }) {
  const t = useTranslations('onsiteDocs');
  const { run, busy } = useApiAction();
  const send = () =>
    run<{ queued: number; already: number }>('/conference/platform/onsite/certificates/mail', { method: 'POST' }, undefined, {
      confirm: t('bulkConfirm'),
      onSuccess: (result) => notifications.show({ color: 'green', message: t('bulkDone', result) }),
    });
  return (
    <Button onClick={send} loading={busy} disabled={disabled} data-testid="certificate-mail">
      {t('bulkButton')}
    </Button>
  );
}
