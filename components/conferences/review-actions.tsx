'use client';

import { Button, Group, List, ListItem, Stack, Text, Textarea } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApiAction, useFieldError } from '@/components/ui/use-api';
import type { SiteGap } from '@/lib/conferences/site-gaps';

/** What the site still lacks (lib/conferences/site-gaps.ts), in the approval's confirm dialog. */
function SiteGaps({ gaps }: { gaps: SiteGap[] }) {
  const t = useTranslations('console');
  if (gaps.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="site-gaps-none">
        {t('siteGapsNone')}
      </Text>
    );
  return (
    <Stack gap={4} data-testid="site-gaps">
      <Text size="sm" fw={500}>
        {t('siteGapsTitle')}
      </Text>
      <List size="sm">
        {gaps.map((gap) => (
          <ListItem key={gap} data-gap={gap}>
            {t(`siteGap_${gap}`)}
          </ListItem>
        ))}
      </List>
    </Stack>
  );
}

/**
 * Approve (after a confirmation that shows what the site still lacks), or reject with a reason, one
 * publication request.
 */
export function ReviewActions({ requestId, title, gaps }: { requestId: number; title: string; gaps: SiteGap[] }) {
  const t = useTranslations('console');
  const tv = useTranslations('validation');
  const { run, busy } = useApiAction();
  const fieldError = useFieldError();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const decide = (approve: boolean) => {
    if (!approve && !reason.trim()) {
      setError(tv('reasonRequired'));
      return;
    }
    void run(
      `/console/review/${requestId}`,
      { body: { approve, reason } },
      approve ? t('approved') : t('rejected'),
      approve
        ? {
            confirm: {
              message: t('approveConfirm', { title }),
              details: <SiteGaps gaps={gaps} />,
              confirmLabel: t('approve'),
              color: 'green',
            },
          }
        : {},
    );
  };
  return (
    <Stack gap={4} miw={260}>
      <Textarea
        size="xs"
        autosize
        minRows={1}
        placeholder={t('reason')}
        aria-label={t('reason')}
        value={reason}
        onChange={(e) => {
          setReason(e.currentTarget.value);
          setError(undefined);
        }}
        error={fieldError({ message: error })}
        data-testid="reject-reason"
      />
      <Group gap={4}>
        <Button size="compact-xs" color="green" loading={busy} onClick={() => decide(true)} data-testid="approve-request">
          {t('approve')}
        </Button>
        <Button size="compact-xs" color="red" variant="light" loading={busy} onClick={() => decide(false)} data-testid="reject-request">
          {t('reject')}
        </Button>
      </Group>
    </Stack>
  );
}
