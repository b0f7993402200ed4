'use client';

import { Button } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useApiAction } from '@/components/ui/use-api';

/** Withdraws one of my submissions after a confirmation; the list refreshes. */
export function WithdrawButton({ id, size = 'xs' }: { id: number; size?: 'xs' | 'sm' }) {
  const t = useTranslations('submission');
  const { run, busy } = useApiAction();
  return (
    <Button
      size={size}
      variant="light"
      color="red"
      loading={busy}
      data-testid={`submission-withdraw-${id}`}
      onClick={() =>
        run(`/conference/submission/${id}/withdraw`, { method: 'POST' }, t('withdrawn'), {
          confirm: { message: t('withdrawConfirm'), color: 'red', confirmLabel: t('withdraw') },
        })
      }
    >
      {t('withdraw')}
    </Button>
  );
}
