import type { CSSProperties } from 'react';
import { getTranslations } from 'next-intl/server';
import type { ProgrammeSnapshot, ProgrammeSnapshotContribution, ProgrammeSnapshotSession } from '@/db/schema';
import { localePath } from '@/lib/i18n/locale-path';
import { localized, type Locale } from '@/lib/i18n/localized';
import { snapshotDay, snapshotTime } from '@/lib/programme/snapshot-time';
import { dayLabel } from './day-label';
import { StarButton } from './star-button';
import { starButtonLabels } from './star-labels';
import styles from './programme.module.css';

/** An empty, hidden place the visitor-time island fills with the visitor's own clock when it differs. */
export function VisitorSlot({ start, end }: { start: string; end?: string }) {
  return <span className={styles.visitor} data-visitor-time="" data-start={start} data-end={end} hidden />;
}

/** Who presents, else the first author: the one name a timetable line shows. */
function presenterName(c: ProgrammeSnapshotContribution): string {
  const presenter = c.authors.find((a) => a.presenter) ?? c.authors[0];
  if (!presenter) return '';
  return c.authors.length > 1 ? `${presenter.name} +${c.authors.length - 1}` : presenter.name;
}

async function SessionCard({
  session,
  snapshot,
  locale,
  columns,
}: {
  session: ProgrammeSnapshotSession;
  snapshot: ProgrammeSnapshot;
  locale: Locale;
  columns: Map<number, number>;
}) {
  const t = await getTranslations('programme');
  const room = snapshot.rooms.find((r) => r.id === session.roomId);
  const style = { '--col': columns.get(session.roomId ?? -1) ?? 1 } as CSSProperties;
  const all = session.roomId === null;
  return (
    <article
      className={`${styles.session} ${styles[`type_${session.type}`] ?? ''} ${all ? styles.sessionAll : ''}`}
      style={style}
      data-testid="programme-session"
      aria-labelledby={`session-${session.id}`}
    >
      <div className={styles.sessionHead}>
        <h3 className={styles.sessionTitle} id={`session-${session.id}`}>
          {localized(session.title, locale)}
        </h3>
        <a
          className={styles.sessionIcs}
          href={`/api/conference/programme/ics?session=${session.id}&lang=${locale}`}
          download
          aria-label={t('calendarSession', { title: localized(session.title, locale) })}
          data-testid="programme-session-ics"
        >
          .ics
        </a>
      </div>
      <p className={styles.sessionMeta}>
        {snapshotTime(session.startsAt)}–{snapshotTime(session.endsAt)} · {t(`type_${session.type}`)}
        {/* A room's name is hidden where the grid's columns name the rooms; a session for every room says so once. */}
        {room && <span className={styles.sessionRoom}> · {localized(room.name, locale)}</span>}
        {all && <span data-testid="programme-session-all-rooms"> · {t('allRooms')}</span>}
        {session.theme && <span> · {localized(session.theme, locale)}</span>} <VisitorSlot start={session.startsAt} end={session.endsAt} />
      </p>
      {session.chairs.length > 0 && (
        <p className={styles.sessionMeta} data-testid="programme-session-chairs">
          {t('chairs')}: {session.chairs.map((c) => localized(c.name, locale)).join(locale === 'zh' ? '、' : ', ')}
        </p>
      )}
      {session.contributions.length > 0 && (
        <ul className={styles.contributions}>
          {session.contributions.map((c) => (
            <li key={c.id} className={styles.contribution} data-testid="programme-contribution" data-code={c.code}>
              <span className={styles.contributionTime}>{snapshotTime(c.startsAt)}</span>
              <span>
                <a className={styles.contributionTitle} href={localePath(locale, `/programme/${encodeURIComponent(c.code)}`)}>
                  {localized(c.title, locale)}
                </a>{' '}
                <span className={styles.code}>{c.code}</span>
                {c.boardNumber && <span className={styles.code}> · {t('board', { number: c.boardNumber })}</span>}
                {presenterName(c) && <span className={styles.people}> · {presenterName(c)}</span>}
              </span>
              <span className={styles.starSlot} data-testid="programme-star-slot" data-contribution-id={c.id}>
                <StarButton contributionId={c.id} title={localized(c.title, locale)} locale={locale} labels={starButtonLabels(locale)} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/**
 * The timetable of the sessions shown: one block per start time, rooms as columns where the column is wide enough
 * (a container query), a chronological list of cards, each naming its room, where it is not. A session for every
 * room spans the columns.
 */
export async function ProgrammeTimetable({
  snapshot,
  sessions,
  locale,
  showDay,
}: {
  snapshot: ProgrammeSnapshot;
  sessions: ProgrammeSnapshotSession[];
  locale: Locale;
  showDay: boolean;
}) {
  const rooms = snapshot.rooms.filter((r) => sessions.some((s) => s.roomId === r.id));
  const columns = new Map(rooms.map((r, i) => [r.id, i + 1]));
  const slots = new Map<string, ProgrammeSnapshotSession[]>();
  for (const s of sessions) slots.set(s.startsAt, [...(slots.get(s.startsAt) ?? []), s]);
  const style = { '--rooms': Math.max(rooms.length, 1) } as CSSProperties;
  return (
    <div className={styles.timetable} style={style} data-testid="programme-timetable">
      {rooms.length > 1 && (
        <div className={styles.roomHeads} aria-hidden>
          {rooms.map((r) => (
            <span key={r.id}>{localized(r.name, locale)}</span>
          ))}
        </div>
      )}
      {[...slots.entries()].map(([startsAt, group]) => (
        <section key={startsAt} className={styles.slot} aria-label={snapshotTime(startsAt)}>
          <h2 className={styles.slotTime}>
            {snapshotTime(startsAt)} {showDay && <span className={styles.slotDay}>{dayLabel(snapshotDay(startsAt), locale)}</span>}
          </h2>
          <div className={styles.slotRooms}>
            {group.map((session) => (
              <SessionCard key={session.id} session={session} snapshot={snapshot} locale={locale} columns={columns} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
