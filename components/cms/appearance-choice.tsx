'use client';

import { Button } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useApiAction } from '@/components/ui/use-api';

/** Makes an appearance (or, with null, the built-in look) the one visitors see. */
export function AppearanceChoice({ id }: { id: number | null }) {
  const t = useTranslations('appearances');
  const { run, busy } = useApiAction();
  return (
    <Button
      size="xs"
      variant="light"
      loading={busy}
      data-testid="use-appearance"
      onClick={() => run('/conference/platform/config/exterior/choose', { body: { id } }, t('chosen'))}
    >
      {id === null ? t('useBuiltIn') : t('use')}
    </Button>
  );
}
