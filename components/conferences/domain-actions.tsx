'use client';

import { Button, Group } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useApiAction } from '@/components/ui/use-api';

/** Approve or reject one requested conference domain. */
export function DomainActions({ domain }: { domain: string }) {
  const t = useTranslations('console');
  const { run, busy } = useApiAction();
  const decide = (approve: boolean) =>
    void run('/console/domains/decide', { body: { domain, approve } }, approve ? t('domainApproved') : t('domainRejected'));
  return (
    <Group gap={4}>
      <Button size="compact-xs" color="green" loading={busy} onClick={() => decide(true)} data-testid="approve-domain">
        {t('approve')}
      </Button>
      <Button size="compact-xs" color="red" variant="light" loading={busy} onClick={() => decide(false)} data-testid="reject-domain">
        {t('reject')}
      </Button>
    </Group>
  );
}
