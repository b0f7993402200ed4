import type { ProgrammeSnapshot, ProgrammeSnapshotSession } from '@/db/schema';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localized, type Locale } from '@/lib/i18n/localized';
import { startOfDayIn } from '@/lib/i18n/zone';
import styles from './print-programme.module.css';

type Translate = (key: string, values?: Record<string, string | number>) => string;

export type PrintProgrammeProps = {
  locale: Locale;
  t: Translate;
  title: string;
  version: { number: number; publishedAt: Date; bookState: string } | null;
  snapshot: ProgrammeSnapshot | null;
};

/** The day (YYYY-MM-DD) an instant falls on in the zone. */
function dayOf(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/**
 * The latest published programme as one plain page to read or print: day by day, each session with its time, room,
 * chairs and contributions (code, title, authors, the presenter underlined, posters' boards), and the book of
 * abstracts to download once it is built. Server-rendered HTML and CSS only.
 */
export function PrintProgramme({ locale, t, title, version, snapshot }: PrintProgrammeProps) {
  if (!version || !snapshot) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t('print.heading')}</h1>
        <p className={styles.notice} data-testid="programme-print-empty">
          {t('print.notPublished')}
        </p>
      </div>
    );
  }
  const zone = snapshot.timeZone;
  const format = conferenceFormatter(locale, zone);
  const time = (iso: string) => format.dateTime(new Date(iso), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const rooms = new Map(snapshot.rooms.map((r) => [r.id, localized(r.name, locale)]));
  const room = (s: ProgrammeSnapshotSession) => (s.roomId === null ? t('print.allRooms') : (rooms.get(s.roomId) ?? ''));
  const list = locale === 'zh' ? '、' : ', ';
  const published = format.dateTime(version.publishedAt, 'day');
  return (
    <div className={styles.page} data-testid="programme-print">
      <h1 className={styles.title}>
        {title} · {t('print.heading')}
      </h1>
      <p className={styles.muted}>
        {t('print.version', { number: version.number, date: published })} · {zone}
      </p>
      <p className={`${styles.muted} ${styles.screenOnly}`}>{t('print.printHint')}</p>
      {version.bookState === 'ready' ? (
        <ul className={`${styles.books} ${styles.screenOnly}`}>
          <li>
            <a href="/api/conference/programme/book?lang=zh" download data-testid="programme-book-zh">
              {t('print.bookZh')}
            </a>
          </li>
          <li>
            <a href="/api/conference/programme/book?lang=en" download data-testid="programme-book-en">
              {t('print.bookEn')}
            </a>
          </li>
        </ul>
      ) : (
        <p className={`${styles.notice} ${styles.screenOnly}`} data-testid="programme-book-state">
          {t(version.bookState === 'failed' ? 'print.bookFailed' : 'print.bookPending')}
        </p>
      )}
      {snapshot.days.map((day) => {
        const sessions = snapshot.sessions.filter((s) => dayOf(s.startsAt, zone) === day.date);
        if (!sessions.length) return null;
        const dayTitle = localized(day.title, locale);
        const date = format.dateTime(startOfDayIn(day.date, zone), { dateStyle: 'full' });
        return (
          <section key={day.date} className={styles.day} aria-labelledby={`day-${day.date}`}>
            <h2 id={`day-${day.date}`} className={styles.dayTitle}>
              {dayTitle ? `${date} · ${dayTitle}` : date}
            </h2>
            {sessions.map((s) => {
              const chairs = s.chairs.map((c) => localized(c.name, locale)).filter(Boolean);
              return (
                <article key={s.id} className={styles.session} data-testid="programme-print-session">
                  <div className={styles.sessionHead}>
                    <span className={styles.time}>
                      {time(s.startsAt)}–{time(s.endsAt)}
                    </span>
                    <span className={styles.muted}>{room(s)}</span>
                  </div>
                  <h3 className={styles.sessionTitle}>{localized(s.title, locale)}</h3>
                  {chairs.length > 0 && <p className={styles.muted}>{t('print.chairs', { names: chairs.join(list) })}</p>}
                  {s.contributions.length > 0 && (
                    <ul className={styles.items}>
                      {s.contributions.map((c) => (
                        <li key={c.id} className={styles.item}>
                          <span className={styles.code}>
                            {c.code}
                            {s.type === 'poster' ? '' : ` · ${time(c.startsAt)}`}
                          </span>
                          <span>
                            <span className={styles.itemTitle}>{localized(c.title, locale)}</span>
                            {c.boardNumber && <span className={styles.muted}> · {t('print.board', { number: c.boardNumber })}</span>}
                            <br />
                            <span className={styles.authors}>
                              {c.authors.map((a, i) => (
                                <span key={i}>
                                  {i > 0 && list}
                                  {a.presenter ? (
                                    <>
                                      <span className={styles.presenter}>{a.name}</span> ({t('print.presenter')})
                                    </>
                                  ) : (
                                    a.name
                                  )}
                                </span>
                              ))}
                            </span>
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </article>
              );
            })}
          </section>
        );
      })}
    </div>
  );
}
