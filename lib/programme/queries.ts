import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DB } from '@/db/client';
import {
  conference,
  programmeConfig,
  programmeContribution,
  programmeDay,
  programmeRoom,
  programmeSession,
  submission,
  submissionAuthor,
  submissionSession,
  type PresenterState,
  type ProgrammeContributionKind,
  type ProgrammePerson,
  type ProgrammeSessionType,
} from '@/db/schema';
import type { LocalizedText } from '@/lib/i18n/localized';
import { authorName } from '@/lib/people/person-name';
import { findConflicts, type ProgrammeConflict } from './conflicts';
import { contributionSpans, sessionSpan } from './timing';

/** The draft as the editor shows it (issue 23 point 2): everything of one conference, times computed. */

/** A presenter or author as the editor lists them; `names` holds each script the name was given in (conflicts match on any). */
export type DraftPerson = { name: string; names: string[]; email: string; presenter: boolean };
export type DraftContribution = {
  id: number;
  sessionId: number | null;
  kind: ProgrammeContributionKind;
  code: string;
  title: LocalizedText;
  people: DraftPerson[];
  durationMinutes: number;
  sortOrder: number;
  /** Its start is pinned (otherwise it follows the one before). */
  pinned: boolean;
  /** Computed instants (ISO), null while not on the grid. */
  startsAt: string | null;
  endsAt: string | null;
  boardNumber: string;
  presenterState: PresenterState;
  submissionId: number | null;
  /** The call's theme of its submission. */
  themeId: number | null;
  /** A hand-added one's own text, for its edit form (null for one from a submission: its text is the submission's). */
  hand: { abstract: LocalizedText; speakers: ProgrammePerson[] } | null;
};
export type DraftSession = {
  id: number;
  title: LocalizedText;
  description: LocalizedText;
  type: ProgrammeSessionType;
  roomId: number | null;
  startsAt: string | null;
  endsAt: string | null;
  durationMinutes: number;
  chairs: ProgrammePerson[];
  themeId: number | null;
};
export type ProgrammeDraft = {
  timeZone: string;
  showSlides: boolean;
  days: Array<{ id: number; day: string; title: LocalizedText }>;
  rooms: Array<{ id: number; name: LocalizedText; capacity: number | null }>;
  themes: Array<{ id: number; parentId: number | null; name: LocalizedText; prefix: string }>;
  sessions: DraftSession[];
  contributions: DraftContribution[];
  /** Accepted submissions not yet in the programme. */
  submissionsToAdd: Array<{ id: number; code: string; title: string; themeId: number | null }>;
  conflicts: ProgrammeConflict[];
};

const iso = (ms: number | undefined | null) => (ms === undefined || ms === null ? null : new Date(ms).toISOString());

export async function programmeDraft(db: DB, { conferenceId }: { conferenceId: number }): Promise<ProgrammeDraft> {
  const [conf] = await db.select({ timeZone: conference.timeZone }).from(conference).where(eq(conference.id, conferenceId));
  const [config] = await db.select().from(programmeConfig).where(eq(programmeConfig.conferenceId, conferenceId));
  const days = await db
    .select({ id: programmeDay.id, day: programmeDay.day, title: programmeDay.title })
    .from(programmeDay)
    .where(eq(programmeDay.conferenceId, conferenceId))
    .orderBy(asc(programmeDay.day));
  const rooms = await db
    .select({ id: programmeRoom.id, name: programmeRoom.name, capacity: programmeRoom.capacity })
    .from(programmeRoom)
    .where(eq(programmeRoom.conferenceId, conferenceId))
    .orderBy(asc(programmeRoom.sortOrder), asc(programmeRoom.id));
  const themes = await db
    .select({
      id: submissionSession.id,
      parentId: submissionSession.parentId,
      name: submissionSession.name,
      prefix: submissionSession.prefix,
    })
    .from(submissionSession)
    .where(eq(submissionSession.conferenceId, conferenceId))
    .orderBy(asc(submissionSession.sortOrder), asc(submissionSession.id));
  const sessionRows = await db
    .select()
    .from(programmeSession)
    .where(eq(programmeSession.conferenceId, conferenceId))
    .orderBy(asc(programmeSession.startsAt), asc(programmeSession.id));
  const contributionRows = await db
    .select({
      c: programmeContribution,
      submissionTitle: submission.title,
      themeId: submission.sessionId,
    })
    .from(programmeContribution)
    .leftJoin(submission, and(eq(submission.id, programmeContribution.submissionId), eq(submission.conferenceId, conferenceId)))
    .where(eq(programmeContribution.conferenceId, conferenceId))
    .orderBy(asc(programmeContribution.sortOrder), asc(programmeContribution.id));
  const submissionIds = contributionRows.map((r) => r.c.submissionId).filter((id): id is number => id !== null);
  const authors =
    submissionIds.length === 0
      ? []
      : await db
          .select({
            submissionId: submissionAuthor.submissionId,
            name: submissionAuthor.name,
            surname: submissionAuthor.surname,
            email: submissionAuthor.email,
            corresponding: submissionAuthor.corresponding,
          })
          .from(submissionAuthor)
          .where(and(eq(submissionAuthor.conferenceId, conferenceId), inArray(submissionAuthor.submissionId, submissionIds)))
          .orderBy(asc(submissionAuthor.submissionId), asc(submissionAuthor.sortOrder), asc(submissionAuthor.id));
  const added = new Set(submissionIds);
  const accepted = await db
    .select({ id: submission.id, code: submission.code, title: submission.title, themeId: submission.sessionId })
    .from(submission)
    .where(and(eq(submission.conferenceId, conferenceId), eq(submission.status, 'accepted')))
    .orderBy(asc(submission.code), asc(submission.id));

  const timing = sessionRows.map((s) => ({ ...s, startsAt: s.startsAt?.getTime() ?? null }));
  const spans = contributionSpans(
    timing,
    contributionRows.map(({ c }) => ({ ...c, pinnedAt: c.startsAt?.getTime() ?? null })),
  );
  const sessions: DraftSession[] = timing.map((s) => {
    const span = sessionSpan(s);
    return {
      id: s.id,
      title: s.title,
      description: s.description,
      type: s.type,
      roomId: s.roomId,
      startsAt: iso(span?.startsAt),
      endsAt: iso(span?.endsAt),
      durationMinutes: s.durationMinutes,
      chairs: s.chairs,
      themeId: s.themeId,
    };
  });
  const contributions: DraftContribution[] = contributionRows.map(({ c, submissionTitle, themeId }) => {
    const own = authors.filter((a) => a.submissionId === c.submissionId);
    const presenterIndex =
      c.presenterAuthor ??
      Math.max(
        0,
        own.findIndex((a) => a.corresponding),
      );
    const people: DraftPerson[] =
      c.kind === 'submission'
        ? own.map((a, i) => ({ name: authorName(a), names: [authorName(a)], email: a.email, presenter: i === presenterIndex }))
        : c.speakers.map((s) => ({ name: s.name.zh || s.name.en, names: [s.name.zh, s.name.en], email: s.email, presenter: true }));
    const span = spans.get(c.id);
    return {
      id: c.id,
      sessionId: c.sessionId,
      kind: c.kind,
      code: c.code,
      title: c.kind === 'submission' ? { zh: submissionTitle ?? '', en: submissionTitle ?? '' } : c.title,
      people,
      durationMinutes: c.durationMinutes,
      sortOrder: c.sortOrder,
      pinned: c.startsAt !== null,
      startsAt: iso(span?.startsAt),
      endsAt: iso(span?.endsAt),
      boardNumber: c.boardNumber,
      presenterState: c.presenterState,
      submissionId: c.submissionId,
      themeId: c.kind === 'submission' ? themeId : null,
      hand: c.kind === 'submission' ? null : { abstract: c.abstract, speakers: c.speakers },
    };
  });
  return {
    timeZone: conf?.timeZone ?? 'Asia/Shanghai',
    showSlides: config?.showSlides ?? false,
    days,
    rooms,
    themes,
    sessions,
    contributions,
    submissionsToAdd: accepted.filter((s) => !added.has(s.id)),
    conflicts: draftConflicts(sessions, contributions),
  };
}

/** The conflict rules over the draft's placed sessions and their contributions (conflicts.ts). */
export function draftConflicts(sessions: DraftSession[], contributions: DraftContribution[]): ProgrammeConflict[] {
  const placed = sessions.filter((s) => s.startsAt !== null && s.endsAt !== null);
  const placedIds = new Set(placed.map((s) => s.id));
  return findConflicts(
    placed.map((s) => ({
      id: s.id,
      roomId: s.roomId,
      poster: s.type === 'poster',
      startsAt: Date.parse(s.startsAt!),
      endsAt: Date.parse(s.endsAt!),
      people: s.chairs.map((c) => ({ names: [c.name.zh, c.name.en], email: c.email })),
    })),
    contributions
      .filter((c) => c.sessionId !== null && placedIds.has(c.sessionId) && c.startsAt !== null && c.endsAt !== null)
      .map((c) => ({
        id: c.id,
        sessionId: c.sessionId!,
        startsAt: Date.parse(c.startsAt!),
        endsAt: Date.parse(c.endsAt!),
        people: c.people.map((p) => ({ names: p.names, email: p.email })),
      })),
  );
}
