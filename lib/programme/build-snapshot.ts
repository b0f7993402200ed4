import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import {
  conference,
  programmeContribution,
  programmeDay,
  programmeRoom,
  programmeSession,
  submission,
  submissionAuthor,
  submissionSession,
  type ProgrammePerson,
  type ProgrammeSnapshot,
  type ProgrammeSnapshotAuthor,
  type ProgrammeSnapshotContribution,
  type ProgrammeSnapshotSession,
} from '@/db/schema';
import { isLocale, type LocalizedText } from '@/lib/i18n/localized';
import { authorName, isCjkText } from '@/lib/people/person-name';
import { isoInZone, programmeZone, snapshotDay } from './snapshot-time';
import { contributionSpans, type Span } from './timing';

type ContributionRow = typeof programmeContribution.$inferSelect;
type AuthorRow = { name: string; surname: string; email: string; company: string; corresponding: boolean };
type People = Pick<ProgrammeSnapshotContribution, 'authors' | 'affiliations' | 'presenterEmail'>;

const MINUTE = 60_000;

/** Both languages of a typed name or affiliation in one line: "李娜 (Li Na)" when they differ, else the one given. */
function bothLanguages(text: LocalizedText): string {
  const zh = text.zh.trim();
  const en = text.en.trim();
  if (!zh || !en || zh === en) return zh || en;
  return `${zh} (${en})`;
}

/**
 * Authors with numbered affiliations as in a book of abstracts: each distinct affiliation gets the next number in
 * the order the authors name them; the presenter is `presenterIndex` when it names an author, else the first
 * corresponding author, else the first.
 */
function numberAuthors(
  people: Array<{ name: string; affiliation: string; email: string; corresponding: boolean }>,
  presenterIndex: number | null,
): People {
  const affiliations: string[] = [];
  const fallback = Math.max(
    0,
    people.findIndex((p) => p.corresponding),
  );
  const presenter = presenterIndex !== null && presenterIndex >= 0 && presenterIndex < people.length ? presenterIndex : fallback;
  const authors: ProgrammeSnapshotAuthor[] = people.map((p, i) => {
    const numbers: number[] = [];
    const affiliation = p.affiliation.replace(/\s+/g, ' ').trim();
    if (affiliation) {
      let at = affiliations.indexOf(affiliation);
      if (at < 0) at = affiliations.push(affiliation) - 1;
      numbers.push(at + 1);
    }
    return { name: p.name, affiliations: numbers, presenter: i === presenter, corresponding: p.corresponding };
  });
  return { authors, affiliations, presenterEmail: people[presenter]?.email.trim() ?? '' };
}

function submissionPeople(authors: AuthorRow[], presenterIndex: number | null): People {
  return numberAuthors(
    authors.map((a) => ({ name: authorName(a), affiliation: a.company, email: a.email, corresponding: a.corresponding })),
    presenterIndex,
  );
}

function speakerPeople(speakers: ProgrammePerson[], presenterIndex: number | null): People {
  return numberAuthors(
    speakers.map((s) => ({ name: bothLanguages(s.name), affiliation: bothLanguages(s.affiliation), email: s.email, corresponding: false })),
    presenterIndex ?? 0,
  );
}

/** A typed speaker's language for mails: Chinese when the presenter's name is written in Chinese, else English. */
function speakerLocale(speakers: ProgrammePerson[], presenterIndex: number | null): 'zh' | 'en' {
  const person = speakers[presenterIndex ?? 0] ?? speakers[0];
  return person && isCjkText(person.name.zh) ? 'zh' : 'en';
}

/**
 * The programme of one conference as a version freezes it (issue 23 point 3), read from its draft: the placed
 * sessions (a start time) in time order, each with its contributions in their order. A contribution starts where the
 * one before it ended (the first at the session's start) unless its own start pins it. A contribution linked to a
 * submission takes its title, abstract, keywords, authors and affiliations from the submission's current row and
 * authors (so they follow its last version), its presenter from `presenterAuthor` (else the first corresponding
 * author) and its language for mails from the submission; one added by hand takes its own title, abstract and
 * speakers. Left out: contributions whose presenter withdrew (`presenterState` 'withdrawn': the organiser sees it in
 * the editor and decides; until they place another, the slot is not announced) and those of a withdrawn submission.
 */
export async function buildProgrammeSnapshot(db: Executor, { conferenceId }: { conferenceId: number }): Promise<ProgrammeSnapshot> {
  const [conf] = await db.select({ timeZone: conference.timeZone }).from(conference).where(eq(conference.id, conferenceId));
  const timeZone = programmeZone(conf?.timeZone ?? '');
  const [days, rooms, sessions] = await Promise.all([
    db.select().from(programmeDay).where(eq(programmeDay.conferenceId, conferenceId)).orderBy(asc(programmeDay.day)),
    db
      .select()
      .from(programmeRoom)
      .where(eq(programmeRoom.conferenceId, conferenceId))
      .orderBy(asc(programmeRoom.sortOrder), asc(programmeRoom.id)),
    db
      .select()
      .from(programmeSession)
      .where(and(eq(programmeSession.conferenceId, conferenceId), isNotNull(programmeSession.startsAt)))
      .orderBy(asc(programmeSession.startsAt), asc(programmeSession.id)),
  ]);
  const roomIds = new Set(rooms.map((r) => r.id));
  const sessionIds = sessions.map((s) => s.id);
  const themeIds = [...new Set(sessions.flatMap((s) => (s.themeId === null ? [] : [s.themeId])))];
  const [contributions, themes] = await Promise.all([
    sessionIds.length
      ? db
          .select()
          .from(programmeContribution)
          .where(and(eq(programmeContribution.conferenceId, conferenceId), inArray(programmeContribution.sessionId, sessionIds)))
          .orderBy(asc(programmeContribution.sortOrder), asc(programmeContribution.id))
      : Promise.resolve([] as ContributionRow[]),
    themeIds.length
      ? db
          .select({ id: submissionSession.id, name: submissionSession.name })
          .from(submissionSession)
          .where(and(eq(submissionSession.conferenceId, conferenceId), inArray(submissionSession.id, themeIds)))
      : Promise.resolve([]),
  ]);
  const submissionIds = contributions.flatMap((c) => (c.submissionId === null ? [] : [c.submissionId]));
  const [submissions, authors] = submissionIds.length
    ? await Promise.all([
        db
          .select({
            id: submission.id,
            title: submission.title,
            abstract: submission.abstract,
            keywords: submission.keywords,
            locale: submission.locale,
            status: submission.status,
          })
          .from(submission)
          .where(and(eq(submission.conferenceId, conferenceId), inArray(submission.id, submissionIds))),
        db
          .select({
            submissionId: submissionAuthor.submissionId,
            name: submissionAuthor.name,
            surname: submissionAuthor.surname,
            email: submissionAuthor.email,
            company: submissionAuthor.company,
            corresponding: submissionAuthor.corresponding,
          })
          .from(submissionAuthor)
          .where(and(eq(submissionAuthor.conferenceId, conferenceId), inArray(submissionAuthor.submissionId, submissionIds)))
          .orderBy(asc(submissionAuthor.sortOrder), asc(submissionAuthor.id)),
      ])
    : [[], []];
  const submissionById = new Map(submissions.map((s) => [s.id, s]));
  const themeById = new Map(themes.map((t) => [t.id, t.name]));

  const contributionView = (c: ContributionRow, span: Span): ProgrammeSnapshotContribution | null => {
    const times = { startsAt: isoInZone(new Date(span.startsAt), timeZone), endsAt: isoInZone(new Date(span.endsAt), timeZone) };
    const common = { id: c.id, code: c.code, kind: c.kind, boardNumber: c.boardNumber, submissionId: c.submissionId, ...times };
    if (c.submissionId !== null) {
      const sub = submissionById.get(c.submissionId);
      if (!sub || sub.status === 'withdrawn') return null;
      const people = submissionPeople(
        authors.filter((a) => a.submissionId === sub.id),
        c.presenterAuthor,
      );
      return {
        ...common,
        title: { zh: sub.title, en: sub.title },
        abstract: { zh: sub.abstract, en: sub.abstract },
        keywords: sub.keywords,
        ...people,
        presenterLocale: isLocale(sub.locale) ? sub.locale : 'zh',
      };
    }
    return {
      ...common,
      title: c.title,
      abstract: c.abstract,
      keywords: [],
      ...speakerPeople(c.speakers, c.presenterAuthor),
      presenterLocale: speakerLocale(c.speakers, c.presenterAuthor),
    };
  };

  // The editor's own timing (lib/programme/timing.ts): what is published runs when the editor shows it running.
  const spans = contributionSpans(
    sessions.map((s) => ({ id: s.id, type: s.type, startsAt: (s.startsAt as Date).getTime(), durationMinutes: s.durationMinutes })),
    contributions.map((c) => ({
      id: c.id,
      sessionId: c.sessionId,
      sortOrder: c.sortOrder,
      durationMinutes: c.durationMinutes,
      pinnedAt: c.startsAt ? c.startsAt.getTime() : null,
    })),
  );
  const sessionViews: ProgrammeSnapshotSession[] = sessions.map((s) => {
    const start = s.startsAt as Date;
    const placed: ProgrammeSnapshotContribution[] = [];
    for (const c of contributions.filter((x) => x.sessionId === s.id)) {
      const span = spans.get(c.id);
      if (!span || c.presenterState === 'withdrawn') continue;
      const view = contributionView(c, span);
      if (view) placed.push(view);
    }
    const theme = s.themeId === null ? null : (themeById.get(s.themeId) ?? null);
    return {
      id: s.id,
      title: s.title,
      description: s.description,
      type: s.type,
      roomId: s.roomId !== null && roomIds.has(s.roomId) ? s.roomId : null,
      startsAt: isoInZone(start, timeZone),
      endsAt: isoInZone(new Date(start.getTime() + s.durationMinutes * MINUTE), timeZone),
      chairs: s.chairs,
      themeId: theme ? s.themeId : null,
      theme,
      contributions: placed,
    };
  });

  // The days the organiser named, and any other day a placed session falls on (in the conference's zone).
  const dayTitles = new Map(days.map((d) => [d.day, d.title]));
  for (const s of sessionViews) {
    const day = snapshotDay(s.startsAt);
    if (!dayTitles.has(day)) dayTitles.set(day, { zh: '', en: '' });
  }
  return {
    timeZone,
    days: [...dayTitles.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, title]) => ({ date, title })),
    rooms: rooms.map((r) => ({ id: r.id, name: r.name, capacity: r.capacity })),
    sessions: sessionViews,
  };
}
