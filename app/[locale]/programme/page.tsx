import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ChangeList } from '@/components/programme/change-list';
import { dayLabel } from '@/components/programme/day-label';
import { ProgrammeFilterForm } from '@/components/programme/programme-filters';
import styles from '@/components/programme/programme.module.css';
import { SessionJsonLd } from '@/components/programme/session-json-ld';
import { ProgrammeTimetable } from '@/components/programme/timetable';
import { VisitorTime } from '@/components/programme/visitor-time';
import pages from '@/components/site/pages.module.css';
import { requirePage } from '@/lib/auth/require-page';
import { siteOrigin } from '@/lib/conferences/site-origin';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localePath } from '@/lib/i18n/locale-path';
import { localized } from '@/lib/i18n/localized';
import { filterProgramme, filtering, parseProgrammeFilters, shownDay, type ProgrammeFilters } from '@/lib/programme/filter-programme';
import { latestProgrammeVersion } from '@/lib/programme/published-programme';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('programme');
  return { title: t('title') };
}

/** A day tab's address: the day, keeping the filters. */
function dayHref(locale: 'zh' | 'en', day: string, filters: ProgrammeFilters): string {
  const query = new URLSearchParams({ day });
  if (filters.themeId !== null) query.set('theme', String(filters.themeId));
  if (filters.roomId !== null) query.set('room', String(filters.roomId));
  if (filters.type) query.set('type', filters.type);
  if (filters.q) query.set('q', filters.q);
  return localePath(locale, `/programme?${query}`);
}

/**
 * The public programme (issue 23 point 4): the latest published version, what changed since the one before, day
 * tabs, filters and a search answered by the server (a GET form), the timetable with rooms as columns on a wide
 * screen and a list on a phone, times in the conference's zone with the visitor's own beside them when it differs,
 * and schema.org events. Before the first version: a page saying the programme is not published yet.
 */
export default async function ProgrammePage({ searchParams }: Props) {
  const { db, conference, locale } = await requirePage('/programme');
  const [t, version] = await Promise.all([getTranslations('programme'), latestProgrammeVersion(db, { conferenceId: conference.id })]);
  if (!version) {
    return (
      <div className={`${pages.container} ${pages.narrow}`}>
        <h1 className={pages.pageTitle}>{t('title')}</h1>
        <p className={pages.alert} role="status" data-testid="programme-unpublished">
          {t('notPublished')}
        </p>
      </div>
    );
  }
  const { snapshot } = version;
  const filters = parseProgrammeFilters(await searchParams);
  const day = shownDay(snapshot, filters);
  const sessions = filterProgramme(snapshot, filters);
  const count = sessions.reduce((n, s) => n + s.contributions.length, 0);
  const format = conferenceFormatter(locale, snapshot.timeZone);
  const conferenceName = localized(conference.title, locale);
  const origin = await siteOrigin(db, conference.id);
  const calendar = `/api/conference/programme/ics?lang=${locale}`;
  return (
    <div className={pages.container}>
      <div className={styles.head}>
        <h1>{t('title')}</h1>
        <p className={styles.meta} data-testid="programme-version">
          {t('version', { number: version.number, date: format.dateTime(version.publishedAt, 'short') })}
        </p>
      </div>
      <ul className={styles.tools} aria-label={t('tools')}>
        <li>
          {/* webcal:// asks the visitor's calendar app to subscribe: it fetches the programme again after each version. */}
          <a href={`${origin.replace(/^https?:/, 'webcal:')}${calendar}`} data-testid="programme-subscribe">
            {t('subscribe')}
          </a>
        </li>
        <li>
          <a href={calendar} download data-testid="programme-ics-all">
            {t('calendarAll')}
          </a>
        </li>
        {day !== 'all' && (
          <li>
            <a href={`/api/conference/programme/ics?day=${day}&lang=${locale}`} download data-testid="programme-ics-day">
              {t('calendarDay')}
            </a>
          </li>
        )}
        <li>
          <a href={localePath(locale, '/programme/print')} data-testid="programme-print-link">
            {t('printAndBook')}
          </a>
        </li>
      </ul>
      <ChangeList number={version.number} changes={version.changes} locale={locale} />
      <nav aria-label={t('days')}>
        <ul className={styles.tabs}>
          {snapshot.days.map((d) => (
            <li key={d.date}>
              <a
                className={styles.tab}
                href={dayHref(locale, d.date, filters)}
                aria-current={day === d.date ? 'page' : undefined}
                data-testid="programme-day"
              >
                {dayLabel(d.date, locale)}
                {localized(d.title, locale) ? ` · ${localized(d.title, locale)}` : ''}
              </a>
            </li>
          ))}
          {snapshot.days.length > 1 && (
            <li>
              <a className={styles.tab} href={dayHref(locale, 'all', filters)} aria-current={day === 'all' ? 'page' : undefined}>
                {t('allDays')}
              </a>
            </li>
          )}
        </ul>
      </nav>
      <ProgrammeFilterForm snapshot={snapshot} filters={filters} day={day} locale={locale} />
      <p className={styles.zoneNote}>
        {t('timesIn', { zone: snapshot.timeZone })}
        {filtering(filters) && <span data-testid="programme-count"> {t('matches', { count })}</span>}
      </p>
      {sessions.length ? (
        <ProgrammeTimetable snapshot={snapshot} sessions={sessions} locale={locale} showDay={day === 'all'} />
      ) : (
        <p className={styles.empty} data-testid="programme-empty">
          {t('noMatches')}
        </p>
      )}
      <VisitorTime zone={snapshot.timeZone} locale={locale} label={t('yourTime', { time: '{time}' })} />
      <SessionJsonLd
        snapshot={snapshot}
        sessions={sessions}
        locale={locale}
        origin={origin}
        conferenceName={conferenceName}
        path={(code) => localePath(locale, `/programme/${encodeURIComponent(code)}`)}
      />
    </div>
  );
}
