'use client';

import {
  Anchor,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  TableTbody,
  TableTd,
  TableTh,
  TableThead,
  TableTr,
  Text,
  Title,
} from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { apiFetch } from '@/components/ui/api-client';
import { localized, type Locale } from '@/lib/i18n/localized';
import type { HourCount, ListCount } from '@/lib/onsite/counts';

type Counts = { lists: ListCount[]; hours: HourCount[] };

/** The organiser's live counts: checked-in / expected per list and by hour, refreshed every ten seconds; the xlsx. */
export function CheckinCounts({ initial, locale }: { initial: Counts; locale: Locale }) {
  const t = useTranslations('checkin');
  const te = useTranslations('errors');
  const [counts, setCounts] = useState(initial);
  useEffect(() => {
    const timer = window.setInterval(() => {
      apiFetch<Counts>('/conference/manage/checkin/counts', { locale, networkMessage: te('network') })
        .then(setCounts)
        .catch(() => undefined);
    }, 10_000);
    return () => window.clearInterval(timer);
  }, [locale, te]);
  const name = (l: ListCount) => (l.kind === 'door' ? t('doorList') : localized(l.title, locale));
  const hours = [...new Set(counts.hours.map((h) => h.hour))];
  return (
    <Paper withBorder p="md" data-testid="checkin-counts">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>{t('countsTitle')}</Title>
          <Anchor href="/api/conference/manage/checkin/export" download data-testid="checkin-export">
            {t('export.link')}
          </Anchor>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {counts.lists.map((l) => (
            <div key={l.listId} data-testid="checkin-count" data-list={l.kind}>
              <Text size="sm">{name(l)}</Text>
              <Text fw={700} fz="xl" data-testid="checkin-count-value">
                {l.checkedIn} / {l.expected}
              </Text>
              <Progress value={l.expected ? (100 * l.checkedIn) / l.expected : 0} aria-label={name(l)} />
            </div>
          ))}
        </SimpleGrid>
        {hours.length > 0 && (
          <Table.ScrollContainer minWidth={0}>
            <Table data-testid="checkin-hours">
              <TableThead>
                <TableTr>
                  <TableTh>{t('hour')}</TableTh>
                  {counts.lists.map((l) => (
                    <TableTh key={l.listId}>{name(l)}</TableTh>
                  ))}
                </TableTr>
              </TableThead>
              <TableTbody>
                {hours.map((h) => (
                  <TableTr key={h}>
                    <TableTd>{h}</TableTd>
                    {counts.lists.map((l) => (
                      <TableTd key={l.listId}>{counts.hours.find((x) => x.hour === h && x.listId === l.listId)?.count ?? 0}</TableTd>
                    ))}
                  </TableTr>
                ))}
              </TableTbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
