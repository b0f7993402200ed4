'use client';

import { Button } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useApiAction } from '@/components/ui/use-api';

/** A delete button that asks first and says the server's reason when it refuses (in use, not found …). */
export function DeleteAction({ path, namespace }: { path: string; namespace: 'templates' | 'appearances' }) {
  const t = useTranslations(namespace);
  const { run, busy } = useApiAction();
  return (
    <Button size="compact-xs" variant="subtle" color="red" loading={busy} data-testid="delete" onClick={() => window.confirm(t('confirmDelete')) && run(path, { method: 'DELETE' }, t('deleted'))}>
      {t('delete')}
    </Button>
  );
}
