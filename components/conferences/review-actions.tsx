'use client';

import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApiAction, useFieldError } from '@/components/ui/use-api';

/** Approve, or reject with a reason, one publication request. */
export function ReviewActions({ requestId }: { requestId: number }) {
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
    void run(`/console/review/${requestId}`, { body: { approve, reason } }, approve ? t('approved') : t('rejected'));
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
