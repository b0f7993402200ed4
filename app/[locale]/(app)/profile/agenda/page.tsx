import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AgendaFeed } from '@/components/programme/agenda-feed';
import { StarButton } from '@/components/programme/star-button';
import { starButtonLabels } from '@/components/programme/star-labels';
import { AnchorLink } from '@/components/ui/button-link';
import { ListTable } from '@/components/ui/list-table';
import { requirePage } from '@/lib/auth/require-page';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localePath } from '@/lib/i18n/locale-path';
import { localized } from '@/lib/i18n/localized';
import { agendaFeedSince } from '@/lib/programme/agenda-feed';
import { groupByDay } from '@/lib/programme/agenda-days';
import { roomOf } from '@/lib/programme/published-programme';
import { myAgenda } from '@/lib/programme/stars';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('programmeAgenda');
  return { title: t('title') };
}

const ICS = '/api/conference/programme/ics';

/**
 * My agenda (issue 23 point 4): the contributions I starred, by day and time as the latest published version places
 * them, each with its star (unstarring leaves the row until the page is reloaded, so a slip is undone in one click),
 * the calendars of the programme, and my secret subscription address.
 */
export default async function AgendaPage() {
  const { db, conference, user, locale } = await requirePage('/profile/agenda');
  const who = { conferenceId: conference.id, userId: user.id };
  const [t, { programme, items }, feedSince] = await Promise.all([
    getTranslations('programmeAgenda'),
    myAgenda(db, who),
    agendaFeedSince(db, who),
  ]);
  const zone = programme?.snapshot.timeZone ?? conference.timeZone;
  const format = conferenceFormatter(locale, zone);
  const clock = (iso: string) => format.dateTime(new Date(iso), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const labels = starButtonLabels(locale);
  const lang = `lang=${locale}`;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Title order={2} size="h3">
          {t('title')}
        </Title>
        {!programme ? (
          <Alert color="gray" data-testid="agenda-no-programme">
            {t('noProgramme')}
          </Alert>
        ) : (
          <>
            <Text size="sm">{t('intro', { zone })}</Text>
            {items.length === 0 ? (
              <Stack gap="xs" align="flex-start" data-testid="agenda-empty">
                <Text c="dimmed">{t('empty')}</Text>
                <AnchorLink href="/programme">{t('openProgramme')}</AnchorLink>
              </Stack>
            ) : (
              groupByDay(programme.snapshot, items).map(({ day, items: dayItems }) => (
                <section key={day.date} aria-labelledby={`agenda-day-${day.date}`} data-testid={`agenda-day-${day.date}`}>
                  <Title order={3} size="h4" id={`agenda-day-${day.date}`} mb="xs">
                    {format.dateTime(new Date(`${day.date}T12:00:00Z`), { dateStyle: 'full', timeZone: 'UTC' })}
                    {localized(day.title, locale) ? ` · ${localized(day.title, locale)}` : ''}
                  </Title>
                  <ListTable
                    framed={false}
                    minWidth={560}
                    empty={null}
                    head={[t('time'), t('contribution'), t('room'), t('actions')]}
                    labels={[undefined, undefined, undefined, '']}
                    title={1}
                    primary={[0, 3]}
                    nowrap={[0]}
                    rows={dayItems.map(({ contribution: c, session }) => {
                      const room = roomOf(programme.snapshot, session);
                      const title = localized(c.title, locale);
                      return {
                        key: c.id,
                        attrs: { 'data-testid': `agenda-item-${c.code}` },
                        cells: [
                          `${clock(c.startsAt)}–${clock(c.endsAt)}`,
                          <Stack key="what" gap={2}>
                            <Anchor href={localePath(locale, `/programme/${encodeURIComponent(c.code)}`)} fw={600}>
                              {c.code} {title}
                            </Anchor>
                            <Text size="xs" c="dimmed">
                              {localized(session.title, locale)}
                            </Text>
                          </Stack>,
                          room ? localized(room.name, locale) : t('allRooms'),
                          <Group key="actions" gap="xs" wrap="wrap">
                            <StarButton
                              contributionId={c.id}
                              title={title}
                              locale={locale}
                              labels={labels}
                              starred
                              testId={`agenda-star-${c.code}`}
                            />
                            <Anchor
                              size="sm"
                              href={`${ICS}?code=${encodeURIComponent(c.code)}&${lang}`}
                              data-testid={`agenda-ics-${c.code}`}
                            >
                              {t('downloadIcs')}
                            </Anchor>
                          </Group>,
                        ],
                      };
                    })}
                  />
                </section>
              ))
            )}
            <section aria-labelledby="agenda-calendars">
              <Title order={3} size="h4" id="agenda-calendars" mb="xs">
                {t('calendars')}
              </Title>
              <Group gap="md" wrap="wrap">
                <Anchor size="sm" href={`${ICS}?${lang}`} data-testid="agenda-ics-all">
                  {t('wholeProgramme')}
                </Anchor>
                {programme.snapshot.days.map((d) => (
                  <Anchor key={d.date} size="sm" href={`${ICS}?day=${d.date}&${lang}`}>
                    {t('dayIcs', { day: format.dateTime(new Date(`${d.date}T12:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' }) })}
                  </Anchor>
                ))}
              </Group>
            </section>
          </>
        )}
        <AgendaFeed since={feedSince ? format.dateTime(feedSince, 'short') : null} />
      </Stack>
    </Paper>
  );
}
