import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import type { DB } from '@/db/client';
import { StatusBadge } from '@/components/ui/status-badge';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localized, type Locale } from '@/lib/i18n/localized';
import { myPresentations } from '@/lib/programme/presenter-slot';
import { latestPublishedProgramme } from '@/lib/programme/published-programme';
import { PresenterActions } from './presenter-actions';

const STATE_COLOR = { pending: 'orange', confirmed: 'green', withdrawn: 'gray' } as const;

/**
 * "My presentations" in the submissions page (issue 23 point 6): each contribution the signed-in account presents
 * in the latest published programme, as a compact card (code and title; day, time, room and session; the answer
 * given) with the answer buttons and the slides upload. Nothing at all when they present nothing.
 */
export async function PresenterSlots({
  db,
  conferenceId,
  user,
  locale,
}: {
  db: DB;
  conferenceId: number;
  user: { id: string; email: string };
  locale: Locale;
}) {
  const items = await myPresentations(db, { conferenceId, presenter: user });
  if (!items.length) return null;
  const [t, programme] = await Promise.all([getTranslations('presenter'), latestPublishedProgramme(db, { conferenceId })]);
  const format = conferenceFormatter(locale, programme?.snapshot.timeZone);
  const clock = (iso: string) => format.dateTime(new Date(iso), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return (
    <section aria-labelledby="presenter-title" data-testid="presenter-slots">
      <Stack gap="sm">
        <Title order={3} size="h4" id="presenter-title">
          {t('title')}
        </Title>
        <Text size="sm">{t('intro')}</Text>
        {items.map((p) => (
          <Paper key={p.contributionId} withBorder p="sm" data-testid={`presenter-slot-${p.code}`}>
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {p.code} {localized(p.title, locale)}
                </Text>
                <StatusBadge color={STATE_COLOR[p.state]} data-testid={`presenter-state-${p.code}`} data-status={p.state}>
                  {t(`stateLabel.${p.state}`)}
                </StatusBadge>
              </Group>
              <Text size="sm" data-testid={`presenter-time-${p.code}`}>
                {t('slot', { day: format.dateTime(new Date(p.startsAt), 'day'), from: clock(p.startsAt), to: clock(p.endsAt) })}
              </Text>
              <Text size="sm">
                {t('room', { room: p.room ? localized(p.room, locale) : t('allRooms') })}
                {p.boardNumber ? ` · ${t('board', { board: p.boardNumber })}` : ''}
              </Text>
              <Text size="sm" c="dimmed">
                {t('session', { session: localized(p.session, locale) })}
              </Text>
              <PresenterActions contributionId={p.contributionId} code={p.code} state={p.state} slides={p.slides} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </section>
  );
}
