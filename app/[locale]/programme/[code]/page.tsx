import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { dayLabel } from '@/components/programme/day-label';
import styles from '@/components/programme/programme.module.css';
import { SessionJsonLd } from '@/components/programme/session-json-ld';
import { VisitorSlot } from '@/components/programme/timetable';
import { VisitorTime } from '@/components/programme/visitor-time';
import pages from '@/components/site/pages.module.css';
import { requirePage } from '@/lib/auth/require-page';
import { siteOrigin } from '@/lib/conferences/site-origin';
import { decodeAddressPart } from '@/lib/http/text';
import { localePath } from '@/lib/i18n/locale-path';
import { localized } from '@/lib/i18n/localized';
import { findContribution } from '@/lib/programme/filter-programme';
import { publicSlides } from '@/lib/programme/public-slides';
import { latestProgrammeVersion } from '@/lib/programme/published-programme';
import { snapshotDay, snapshotTime } from '@/lib/programme/snapshot-time';
import { StarButton } from '@/components/programme/star-button';
import { starButtonLabels } from '@/components/programme/star-labels';

type Props = { params: Promise<{ code: string }> };

async function load(raw: string) {
  const code = decodeAddressPart(raw) ?? '';
  const ctx = await requirePage('/programme/:code');
  const version = await latestProgrammeVersion(ctx.db, { conferenceId: ctx.conference.id });
  const found = version ? findContribution(version.snapshot, code) : null;
  return { ctx, version, found };
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { ctx, found } = await load((await params).code);
  return found ? { title: localized(found.contribution.title, ctx.locale) } : {};
}

/**
 * A contribution of the published programme (issue 23 point 4): its title, slot in the conference's zone (with the
 * visitor's own time when it differs), room and session, authors with numbered affiliations and the presenter
 * marked, abstract, keywords, and its slides when the organiser shows them. Unknown codes: the 404 screen.
 */
export default async function ContributionPage({ params }: Props) {
  const [{ ctx, version, found }, t] = await Promise.all([load((await params).code), getTranslations('programme')]);
  if (!version || !found) notFound();
  const { db, conference, locale } = ctx;
  const { session, contribution: c } = found;
  const snapshot = version.snapshot;
  const room = snapshot.rooms.find((r) => r.id === session.roomId);
  const slides = await publicSlides(db, { conferenceId: conference.id, code: c.code });
  const programmePath = localePath(locale, `/programme?day=${snapshotDay(c.startsAt)}`);
  const abstract = localized(c.abstract, locale);
  return (
    <div className={`${pages.container} ${pages.narrow} ${styles.detail}`}>
      <a className={styles.back} href={programmePath} data-testid="back-to-programme">
        ← {t('backToProgramme')}
      </a>
      <h1 data-testid="contribution-title">{localized(c.title, locale)}</h1>
      <span className={styles.starSlot} data-testid="programme-star-slot" data-contribution-id={c.id}>
        <StarButton contributionId={c.id} title={localized(c.title, locale)} locale={locale} labels={starButtonLabels(locale)} />{' '}
        <a href={`/api/conference/programme/ics?code=${encodeURIComponent(c.code)}&lang=${locale}`} data-testid="contribution-ics" download>
          {t('addToCalendar')}
        </a>
      </span>
      <dl className={styles.facts}>
        <dt>{t('code')}</dt>
        <dd data-testid="contribution-code">{c.code}</dd>
        <dt>{t('when')}</dt>
        <dd data-testid="contribution-when">
          {dayLabel(snapshotDay(c.startsAt), locale)} {snapshotTime(c.startsAt)}–{snapshotTime(c.endsAt)} ({snapshot.timeZone}){' '}
          <VisitorSlot start={c.startsAt} end={c.endsAt} />
        </dd>
        <dt>{t('room')}</dt>
        <dd>{room ? localized(room.name, locale) : t('allRooms')}</dd>
        <dt>{t('session')}</dt>
        <dd>
          {localized(session.title, locale)} · {t(`type_${session.type}`)}
        </dd>
        {c.boardNumber && (
          <>
            <dt>{t('boardLabel')}</dt>
            <dd>{c.boardNumber}</dd>
          </>
        )}
        {c.authors.some((a) => a.presenter) && (
          <>
            <dt>{t('presenter')}</dt>
            <dd data-testid="contribution-presenter">{c.authors.find((a) => a.presenter)?.name}</dd>
          </>
        )}
      </dl>
      {c.authors.length > 0 && (
        <>
          <p className={styles.authors} data-testid="contribution-authors">
            {c.authors.map((a, i) => (
              <span key={i}>
                {i > 0 && (locale === 'zh' ? '，' : ', ')}
                {a.presenter ? <strong>{a.name}</strong> : a.name}
                {a.affiliations.length > 0 && <sup>{a.affiliations.join(',')}</sup>}
                {a.corresponding && <span aria-label={t('corresponding')}>*</span>}
              </span>
            ))}
          </p>
          {c.affiliations.length > 0 && (
            <ol className={styles.affiliations} data-testid="contribution-affiliations">
              {c.affiliations.map((name, i) => (
                <li key={i}>
                  <sup>{i + 1}</sup> {name}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      {abstract && (
        <section aria-labelledby="abstract-heading">
          <h2 id="abstract-heading">{t('abstract')}</h2>
          <p className={styles.abstract} data-testid="contribution-abstract">
            {abstract}
          </p>
        </section>
      )}
      {c.keywords.length > 0 && (
        <p className={styles.keywords}>
          {t('keywords')}: {c.keywords.join(locale === 'zh' ? '，' : ', ')}
        </p>
      )}
      {slides && (
        <p>
          <a
            className={styles.slides}
            href={`/api/conference/programme/slides/${encodeURIComponent(c.code)}`}
            data-testid="contribution-slides"
          >
            {t('slides')}
          </a>
        </p>
      )}
      <VisitorTime zone={snapshot.timeZone} locale={locale} label={t('yourTime', { time: '{time}' })} />
      <SessionJsonLd
        snapshot={snapshot}
        sessions={[{ ...session, contributions: [c] }]}
        locale={locale}
        origin={await siteOrigin(db, conference.id)}
        conferenceName={localized(conference.title, locale)}
        path={(x) => localePath(locale, `/programme/${encodeURIComponent(x)}`)}
      />
    </div>
  );
}
