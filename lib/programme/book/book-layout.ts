import type { ProgrammeSnapshot, ProgrammeSnapshotContribution } from '@/db/schema';
import { conferenceFormatter } from '@/lib/i18n/format';
import { localized, type Locale, type LocalizedText } from '@/lib/i18n/localized';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { startOfDayIn } from '@/lib/i18n/zone';
import { plainText } from './plain-text';

/** What the cover tells about the conference. */
export type BookConference = {
  title: LocalizedText;
  city: LocalizedText;
  address: LocalizedText;
  startDate: string | null;
  endDate: string | null;
  timeZone: string;
};

export type BookAuthor = { name: string; sup: string; presenter: boolean };

export type BookContribution = {
  code: string;
  title: string;
  /** "Keynote", "Invited talk" … ('' for a submitted contribution). */
  kind: string;
  /** "09:00–09:20 · Hall A". */
  when: string;
  authors: BookAuthor[];
  /** "1 Tsinghua University", numbered as the authors' superscripts. */
  affiliations: string[];
  /** "Presenter: Zhang Wei" ('' when none is marked). */
  presenter: string;
  /** "Board 12" ('' for none). */
  board: string;
  keywords: string;
  abstract: string;
};

export type BookSession = { title: string; meta: string; contributions: BookContribution[] };

/**
 * The book as the worker (lib/programme/book/book-worker.mjs) draws it: every text already written in the book's
 * language, every date and time in the conference's zone. Plain data, as it crosses the thread boundary.
 */
export type BookLayout = {
  lang: Locale;
  /** ISO time, the PDF's CreationDate. */
  createdAt: string;
  cover: { kicker: string; title: string; lines: string[]; version: string };
  labels: { contents: string; authorIndex: string; page: string; continued: string };
  days: Array<{ heading: string; sessions: BookSession[] }>;
  /** Every author, sorted for the reader's language, with the codes of their contributions. */
  index: Array<{ name: string; codes: string[] }>;
};

type Translate = ReturnType<typeof serverTranslator>;

const KIND_KEYS = { keynote: 'kindKeynote', invited: 'kindInvited', panel: 'kindPanel', other: '', submission: '' } as const;

function contributionLayout(
  c: ProgrammeSnapshotContribution,
  locale: Locale,
  t: Translate,
  time: (iso: string) => string,
  room: string,
): BookContribution {
  const presenters = c.authors.filter((a) => a.presenter).map((a) => a.name);
  const kindKey = KIND_KEYS[c.kind];
  return {
    code: c.code,
    title: localized(c.title, locale),
    kind: kindKey ? t(`pdf.${kindKey}`) : '',
    when: [`${time(c.startsAt)}–${time(c.endsAt)}`, room].filter(Boolean).join(' · '),
    authors: c.authors.map((a) => ({
      name: a.name,
      sup: a.affiliations.filter((n) => n >= 1 && n <= c.affiliations.length).join(','),
      presenter: a.presenter,
    })),
    affiliations: c.affiliations.map((name, i) => `${i + 1} ${name}`),
    presenter: presenters.length ? t('pdf.presenter', { names: presenters.join(locale === 'zh' ? '、' : ', ') }) : '',
    board: c.boardNumber ? t('pdf.board', { number: c.boardNumber }) : '',
    keywords: c.keywords.length ? t('pdf.keywords', { words: c.keywords.join(locale === 'zh' ? '；' : '; ') }) : '',
    abstract: plainText(localized(c.abstract, locale)),
  };
}

/** The day of an instant in the zone, as YYYY-MM-DD (sessions are grouped under the snapshot's days by it). */
function dayOf(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
  return parts.slice(0, 10);
}

/**
 * The book of abstracts of a published programme in one language: a cover, the days with their sessions (those that
 * hold contributions: breaks and socials have nothing to print) and each contribution, and the author index.
 */
export function bookLayout(
  snapshot: ProgrammeSnapshot,
  conference: BookConference,
  version: { number: number; publishedAt: Date },
  locale: Locale,
): BookLayout {
  const t = serverTranslator(locale, 'programmeBook');
  const zone = snapshot.timeZone || conference.timeZone;
  const format = conferenceFormatter(locale, zone);
  const day = (iso: string) => format.dateTime(startOfDayIn(iso, zone, 0), { dateStyle: 'full' });
  const longDay = (iso: string) => format.dateTime(startOfDayIn(iso, zone, 0), { dateStyle: 'long' });
  const time = (iso: string) => format.dateTime(new Date(iso), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const rooms = new Map(snapshot.rooms.map((r) => [r.id, localized(r.name, locale)]));
  const roomName = (id: number | null) => (id === null ? t('pdf.allRooms') : (rooms.get(id) ?? ''));

  const firstDay = conference.startDate ?? snapshot.days[0]?.date ?? null;
  const lastDay = conference.endDate ?? snapshot.days.at(-1)?.date ?? firstDay;
  const dates = firstDay ? (lastDay && lastDay !== firstDay ? `${longDay(firstDay)} – ${longDay(lastDay)}` : longDay(firstDay)) : '';
  const venue = [localized(conference.city, locale), localized(conference.address, locale)].filter(Boolean).join(' · ');

  const index = new Map<string, string[]>();
  const days = snapshot.days.map((d) => {
    const sessions = snapshot.sessions
      .filter((s) => s.contributions.length > 0 && dayOf(s.startsAt, zone) === d.date)
      .map((s) => {
        const chairs = s.chairs.map((c) => localized(c.name, locale)).filter(Boolean);
        const meta = [
          `${time(s.startsAt)}–${time(s.endsAt)}`,
          roomName(s.roomId),
          chairs.length ? t('pdf.chairs', { names: chairs.join(locale === 'zh' ? '、' : ', ') }) : '',
        ];
        const contributions = s.contributions.map((c) => {
          for (const a of c.authors) {
            const codes = index.get(a.name) ?? [];
            if (!codes.includes(c.code)) codes.push(c.code);
            index.set(a.name, codes);
          }
          return contributionLayout(c, locale, t, time, roomName(s.roomId));
        });
        return { title: localized(s.title, locale), meta: meta.filter(Boolean).join(' · '), contributions };
      });
    const title = localized(d.title, locale);
    return { heading: title ? `${day(d.date)} · ${title}` : day(d.date), sessions };
  });

  const collator = new Intl.Collator(locale === 'zh' ? 'zh-CN' : 'en', { sensitivity: 'base', numeric: true });
  return {
    lang: locale,
    createdAt: version.publishedAt.toISOString(),
    cover: {
      kicker: t('pdf.kicker'),
      title: localized(conference.title, locale),
      lines: [dates, venue].filter(Boolean),
      version: t('pdf.version', { number: version.number, date: longDay(dayOf(version.publishedAt.toISOString(), zone)) }),
    },
    labels: { contents: t('pdf.contents'), authorIndex: t('pdf.authorIndex'), page: t('pdf.page'), continued: t('pdf.continued') },
    days: days.filter((d) => d.sessions.length > 0),
    index: [...index.entries()].sort(([a], [b]) => collator.compare(a, b)).map(([name, codes]) => ({ name, codes })),
  };
}
