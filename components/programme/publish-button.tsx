'use client';

import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useApiAction } from '@/components/ui/use-api';

/**
 * Publishes the draft as the next version, after asking in the app's confirm dialog (which says how many of the
 * editor's warnings are still open); the list refreshes after.
 */
export function PublishButton({ nextNumber, warnings }: { nextNumber: number; warnings: number }) {
  const t = useTranslations('programmeVersions');
  const { run, busy } = useApiAction();
  const publish = () =>
    run<{ number: number; mails: number }>('/conference/manage/programme/publish', { method: 'POST' }, undefined, {
      confirm: {
        title: t('confirmTitle'),
        message:
          warnings > 0
            ? `${t('confirmText', { number: nextNumber })} ${t('confirmWarnings', { count: warnings })}`
            : t('confirmText', { number: nextNumber }),
        confirmLabel: t('confirmButton'),
      },
      onSuccess: (result) =>
        notifications.show({ color: 'green', message: t('published', { number: result.number, mails: result.mails }) }),
    });
  return (
    <Button onClick={publish} loading={busy} data-testid="programme-publish">
      {t('publish')}
    </Button>
  );
}
