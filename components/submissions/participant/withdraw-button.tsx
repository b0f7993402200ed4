'use client';

import { useTranslations } from 'next-intl';
import { buttonLook, ui } from '@/components/layout/page-parts';
import { useApiAction } from '@/components/ui/use-api';

/** Withdraws one of my submissions after a confirmation; the list refreshes. A plain button (the list is a light screen). */
export function WithdrawButton({ id, size = 'xs' }: { id: number; size?: 'xs' | 'sm' }) {
  const t = useTranslations('submission');
  const { run, busy } = useApiAction();
  return (
    <button
      type="button"
      {...buttonLook({ variant: 'light', color: 'red', size })}
      disabled={busy}
      data-loading={busy || undefined}
      aria-busy={busy || undefined}
      data-testid={`submission-withdraw-${id}`}
      onClick={() =>
        run(`/conference/submission/${id}/withdraw`, { method: 'POST' }, t('withdrawn'), {
          confirm: { message: t('withdrawConfirm'), color: 'red', confirmLabel: t('withdraw') },
        })
      }
    >
      {busy && <span className={ui.spinner} aria-hidden />}
      {t('withdraw')}
    </button>
  );
}
