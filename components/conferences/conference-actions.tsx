'use client';

import { Button, Group } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { PUBLISHED } from '@/lib/conferences/status';
import { useApiAction } from '@/components/ui/use-api';

/** The life-cycle buttons of one of my conferences, as its status allows. */
export function ConferenceActions({ id, status, siteUrl }: { id: number; status: string; siteUrl: string }) {
  const t = useTranslations('console');
  const { run, busy } = useApiAction();
  const act = (action: 'request' | 'cancel' | 'close', message: string, confirm: string) =>
    run(`/console/conference/${id}/${action}`, { body: {} }, message, { confirm });
  return (
    <Group gap={4} wrap="nowrap">
      <Button size="compact-xs" variant="subtle" component="a" href={siteUrl} target="_blank" rel="noopener">
        {t('openSite')}
      </Button>
      <Button size="compact-xs" variant="subtle" component="a" href={`${siteUrl}/platform`} data-testid="manage-conference">
        {t('manage')}
      </Button>
      {(status === '1' || status === '3') && (
        <Button
          size="compact-xs"
          variant="light"
          loading={busy}
          onClick={() => act('request', t('requested'), t('requestConfirm'))}
          data-testid="request-publication"
        >
          {t('requestPublication')}
        </Button>
      )}
      {status === PUBLISHED && (
        <Button
          size="compact-xs"
          variant="light"
          color="orange"
          loading={busy}
          onClick={() => act('cancel', t('cancelled'), t('confirmCancel'))}
          data-testid="cancel-publication"
        >
          {t('cancelPublication')}
        </Button>
      )}
      {status !== '3' && (
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          loading={busy}
          onClick={() => act('close', t('closed'), t('confirmClose'))}
          data-testid="close-conference"
        >
          {t('close')}
        </Button>
      )}
    </Group>
  );
}
