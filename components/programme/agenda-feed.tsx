'use client';

import { Alert, Anchor, Button, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useApiAction } from '@/components/ui/use-api';

type Address = { url: string; webcal: string };

/**
 * My agenda's subscription address: made on demand and shown once (only its hash is kept), with a copy button and a
 * webcal link that opens the calendar app; "new address" replaces it (the old one answers 404), "stop" closes it.
 */
export function AgendaFeed({ since }: { since: string | null }) {
  const t = useTranslations('programmeAgenda');
  const { run, busy } = useApiAction();
  const [made, setMade] = useState<Address | null>(null);

  const renew = () =>
    run<Address>('/conference/programme/feed', { method: 'POST' }, undefined, {
      confirm: since ? { message: t('feedRenewConfirm'), confirmLabel: t('feedNew') } : undefined,
      onSuccess: (address) => setMade(address),
    });
  const stop = () =>
    run('/conference/programme/feed', { method: 'DELETE' }, t('feedStopped'), {
      confirm: { message: t('feedStopConfirm'), color: 'red', confirmLabel: t('feedStop') },
      onSuccess: () => setMade(null),
    });

  return (
    <section aria-labelledby="agenda-feed" data-testid="agenda-feed">
      <Stack gap="sm">
        <Title order={3} size="h4" id="agenda-feed">
          {t('feedTitle')}
        </Title>
        <Text size="sm">{t('feedIntro')}</Text>
        {made ? (
          <Alert color="green" data-testid="agenda-feed-made">
            <Stack gap="xs">
              <Text size="sm">{t('feedMade')}</Text>
              <TextInput
                label={t('feedAddress')}
                value={made.url}
                readOnly
                data-testid="agenda-feed-url"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Group gap="sm" wrap="wrap">
                <CopyButton value={made.url}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {copied ? t('copied') : t('copy')}
                    </Button>
                  )}
                </CopyButton>
                <Anchor size="sm" href={made.webcal}>
                  {t('feedSubscribe')}
                </Anchor>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed" data-testid="agenda-feed-state">
            {since ? t('feedActive', { date: since }) : t('feedNone')}
          </Text>
        )}
        <Group gap="sm" wrap="wrap">
          <Button size="sm" onClick={renew} loading={busy} data-testid="agenda-feed-renew">
            {since || made ? t('feedNew') : t('feedCreate')}
          </Button>
          {(since || made) && (
            <Button size="sm" variant="subtle" color="red" onClick={stop} disabled={busy} data-testid="agenda-feed-stop">
              {t('feedStop')}
            </Button>
          )}
        </Group>
      </Stack>
    </section>
  );
}
