import { getTranslations } from 'next-intl/server';
import type { DB } from '@/db/client';
import { Panel, ui } from '@/components/layout/page-parts';
import { StatusBadge } from '@/components/ui/status-badge';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localized, type Locale } from '@/lib/i18n/localized';
import { myPresentations } from '@/lib/programme/presenter-slot';
import { latestProgrammeVersion } from '@/lib/programme/published-programme';
import { PresenterActions } from './presenter-actions';

const STATE_COLOR = { pending: 'orange', confirmed: 'green', withdrawn: 'gray' } as const;

/**
 * "My presentations" in the submissions page (issue 23 point 6), a light screen (server HTML, no Mantine): each
 * contribution the signed-in account presents in the latest published programme, as a compact card (code and title;
 * day, time, room and session; the answer given) with the answer buttons and the slides upload. Nothing at all when
 * they present nothing.
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
  const [t, programme] = await Promise.all([getTranslations('presenter'), latestProgrammeVersion(db, { conferenceId })]);
  const format = conferenceFormatter(locale, programme?.snapshot.timeZone);
  const clock = (iso: string) => format.dateTime(new Date(iso), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return (
    <section aria-labelledby="presenter-title" data-testid="presenter-slots" className={ui.stack}>
      <h3 className={ui.h5} id="presenter-title">
        {t('title')}
      </h3>
      <p className={ui.text}>{t('intro')}</p>
      {items.map((p) => (
        <Panel key={p.contributionId} data-testid={`presenter-slot-${p.code}`}>
          <div className={ui.stack} data-gap="tight">
            <div className={ui.group}>
              <strong className={ui.text} style={{ overflowWrap: 'anywhere' }}>
                {p.code} {localized(p.title, locale)}
              </strong>
              <StatusBadge color={STATE_COLOR[p.state]} data-testid={`presenter-state-${p.code}`} data-status={p.state}>
                {t(`stateLabel.${p.state}`)}
              </StatusBadge>
            </div>
            <p className={ui.text} data-testid={`presenter-time-${p.code}`}>
              {t('slot', { day: format.dateTime(new Date(p.startsAt), 'day'), from: clock(p.startsAt), to: clock(p.endsAt) })}
            </p>
            <p className={ui.text}>
              {t('room', { room: p.room ? localized(p.room, locale) : t('allRooms') })}
              {p.boardNumber ? ` · ${t('board', { board: p.boardNumber })}` : ''}
            </p>
            <p className={`${ui.text} ${ui.dimmed}`}>{t('session', { session: localized(p.session, locale) })}</p>
            <PresenterActions contributionId={p.contributionId} code={p.code} state={p.state} slides={p.slides} />
          </div>
        </Panel>
      ))}
    </section>
  );
}
