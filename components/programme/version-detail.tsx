import { Anchor, List, ListItem, Paper, Stack, Text, Title } from '@mantine/core';
import { getTranslations } from 'next-intl/server';
import type { ProgrammeChange, ProgrammeSnapshot } from '@/db/schema';
import { ListTable } from '@/components/ui/list-table';
import { localePath } from '@/lib/i18n/locale-path';
import { localized, type Locale } from '@/lib/i18n/localized';
import { snapshotDay, snapshotTime } from '@/lib/programme/snapshot-time';
import { dayLabel } from './day-label';

/** An older version as its organisers read it: what changed since the one before, and its timetable as a list. */
export async function VersionDetail({
  number,
  snapshot,
  changes,
  locale,
}: {
  number: number;
  snapshot: ProgrammeSnapshot;
  changes: ProgrammeChange[];
  locale: Locale;
}) {
  const [t, tp] = await Promise.all([getTranslations('programmeVersions'), getTranslations('programme')]);
  const rooms = new Map(snapshot.rooms.map((r) => [r.id, r.name]));
  const rows = snapshot.sessions.flatMap((session) => {
    const room = session.roomId === null ? t('allRooms') : localized(rooms.get(session.roomId), locale);
    const when = (from: string, to: string) => `${dayLabel(snapshotDay(from), locale)} ${snapshotTime(from)}–${snapshotTime(to)}`;
    if (!session.contributions.length)
      return [
        {
          key: `s${session.id}`,
          cells: [when(session.startsAt, session.endsAt), localized(session.title, locale), room, localized(session.title, locale)],
        },
      ];
    return session.contributions.map((c) => {
      const presenter = c.authors.find((a) => a.presenter)?.name;
      return {
        key: `c${c.id}`,
        attrs: { 'data-code': c.code },
        cells: [
          when(c.startsAt, c.endsAt),
          localized(session.title, locale),
          room,
          `${c.code} ${localized(c.title, locale)}${presenter ? ` — ${presenter}` : ''}`,
        ],
      };
    });
  });
  return (
    <Stack gap="md" data-testid="version-detail">
      <Anchor href={localePath(locale, '/platform/programme/versions')} size="sm">
        ← {t('back')}
      </Anchor>
      <Title order={3}>{t('versionTitle', { number })}</Title>
      {number > 1 && (
        <Paper withBorder p="md">
          <Title order={4} mb="xs">
            {t('changeList', { number: number - 1 })}
          </Title>
          {changes.length ? (
            <List size="sm" data-testid="version-changes">
              {changes.map((c) => (
                <ListItem key={c.contributionId}>
                  {c.code} {localized(c.title, locale)}: {c.changes.map((what) => tp(`change_${what}`)).join(locale === 'zh' ? '、' : ', ')}
                </ListItem>
              ))}
            </List>
          ) : (
            <Text size="sm">{t('noChanges')}</Text>
          )}
        </Paper>
      )}
      <Title order={4}>{t('timetable')}</Title>
      <ListTable
        head={[t('colTime'), t('colSession'), t('colRoom'), t('colContribution')]}
        rows={rows}
        empty={t('empty')}
        minWidth={720}
        title={3}
        primary={[0]}
        nowrap={[0]}
        testId="version-timetable"
      />
      <Text size="xs" c="dimmed">
        {tp('timesIn', { zone: snapshot.timeZone })}
      </Text>
    </Stack>
  );
}
