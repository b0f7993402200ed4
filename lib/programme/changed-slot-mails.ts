import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { conference, type ProgrammeChange, type ProgrammeSnapshot } from '@/db/schema';
import { siteOrigin } from '@/lib/conferences/site-origin';
import { localePath } from '@/lib/i18n/locale-path';
import { localized, type Locale } from '@/lib/i18n/localized';
import { enqueueMail } from '@/lib/mail/outbox';
import { contributionsOf } from './programme-changes';
import { slotText } from './slot-text';

/** The changes a presenter is told about: their contribution moved in time, to another room or another session. */
const MOVED: ReadonlyArray<ProgrammeChange['changes'][number]> = ['time', 'room', 'session'];

/**
 * Queues, in the publishing transaction, one `programmeChanged` mail per presenter (by email, case aside) whose
 * contribution's time, room or session changed in this version, in the presenter's language (the submission's;
 * typed speakers by their name's script), listing each such contribution with its new slot, room and session.
 * Presenters without an email and unchanged ones get nothing. Returns how many mails were queued.
 */
export async function queueChangedSlotMails(
  tx: Executor,
  {
    conferenceId,
    number,
    snapshot,
    changes,
  }: { conferenceId: number; number: number; snapshot: ProgrammeSnapshot; changes: ProgrammeChange[] },
): Promise<number> {
  const moved = new Set(changes.filter((c) => c.changes.some((what) => MOVED.includes(what))).map((c) => c.contributionId));
  if (!moved.size) return 0;
  const byPresenter = new Map<string, { email: string; name: string; locale: Locale; lines: Array<(locale: Locale) => string> }>();
  const rooms = new Map(snapshot.rooms.map((r) => [r.id, r.name]));
  for (const { contribution, session } of contributionsOf(snapshot)) {
    const email = contribution.presenterEmail.trim();
    if (!moved.has(contribution.id) || !email) continue;
    const key = email.toLowerCase();
    const presenter = contribution.authors.find((a) => a.presenter);
    const entry = byPresenter.get(key) ?? { email, name: presenter?.name ?? '', locale: contribution.presenterLocale, lines: [] };
    entry.lines.push((locale) => {
      const room = session.roomId === null ? '' : localized(rooms.get(session.roomId), locale);
      const where = [room, localized(session.title, locale)].filter(Boolean).join(locale === 'zh' ? '，' : ', ');
      return `${contribution.code} ${localized(contribution.title, locale)} — ${slotText(contribution.startsAt, contribution.endsAt, locale, snapshot.timeZone)}${locale === 'zh' ? '，' : ', '}${where}`;
    });
    byPresenter.set(key, entry);
  }
  if (!byPresenter.size) return 0;
  const [conf] = await tx.select({ title: conference.title }).from(conference).where(eq(conference.id, conferenceId));
  const origin = await siteOrigin(tx, conferenceId);
  for (const person of byPresenter.values()) {
    const { locale } = person;
    await enqueueMail(tx, {
      conferenceId,
      to: person.email,
      template: 'programmeChanged',
      locale,
      vars: {
        name: person.name,
        conference: localized(conf?.title, locale),
        version: number,
        changes: person.lines.map((line) => line(locale)).join('\n'),
        link: `${origin}${localePath(locale, '/programme')}`,
      },
    });
  }
  return byPresenter.size;
}
