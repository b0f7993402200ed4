import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import {
  conferenceMember,
  conferenceOrder,
  conferenceRegistration,
  programmeContribution,
  programmeSession,
  submission,
  submissionAuthor,
  ticket,
  user,
  userProfile,
} from '@/db/schema';
import type { LocalizedText } from '@/lib/i18n/localized';
import { displayPersonName, formatPersonName, isCjkText } from '@/lib/people/person-name';
import { registrantConditions, type RegistrantFilters } from '@/lib/registration/registrants';
import { tokenOf } from '@/lib/tickets/issue-ticket';
import { CHECKIN_ROLE as STAFF_MEMBER_ROLE } from '@/lib/onsite/staff';
import type { BadgeRole } from './settings-schema';
import { samePerson, type PersonMention } from '@/lib/people/same-person';

/** One person's badge, before the labels are put in a language. */
export type BadgePerson = {
  registrationId: number;
  code: string;
  /** The name in its own script (张三, Anna Müller). */
  name: string;
  /** The name in Latin letters when the name is in another script and a Latin one is known; else ''. */
  latinName: string;
  organisation: string;
  /** ISO 3166 code (or OTHER) as the form stored it; '' when not given. */
  country: string;
  role: BadgeRole;
  /** The registration fee chosen (its colour), null without one. */
  feeId: number | null;
  feeTitle: LocalizedText | null;
  /** The live ticket's signed token (the QR code); null when the registration has no ticket yet. */
  token: string | null;
};

const LATIN = /^[\p{Script=Latin}\p{Mark}\s.'’()-]+$/u;
const answerText = (answers: Record<string, string | string[]>, key: string) => {
  const value = answers[key];
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
};

/**
 * The name in its script and the name in Latin letters, from what is known of the person: the name registered (typed
 * whole), the profile's name parts (written by the one formatter, lib/people/person-name.ts) and the account's name.
 * A name in Han, kana or Hangul (or any other non-Latin script) is the badge's name, and the first Latin one its
 * second line; a person known only by Latin names gets one line.
 */
export function badgeNames(known: { registered: string; profile: { family: string; given: string; middle: string }; account: string }): {
  name: string;
  latinName: string;
} {
  const candidates = [
    displayPersonName({ full: known.registered }),
    formatPersonName(known.profile),
    displayPersonName({ full: known.account }),
  ].filter((n, i, all) => n !== '' && all.indexOf(n) === i);
  const latin = candidates.find((n) => LATIN.test(n)) ?? '';
  const own = candidates.find((n) => !LATIN.test(n) || isCjkText(n));
  if (own) return { name: own, latinName: latin };
  return { name: candidates[0] ?? '', latinName: '' };
}

const lower = (s: string) => s.trim().toLowerCase();

/**
 * Who holds a role on this conference's badges: its organisers (managers), its check-in staff, its session chairs
 * (matched as people, lib/people/same-person.ts) and its speakers — the presenting person of a programme contribution not
 * withdrawn: the submission's owner or presenting author (lib/programme/presenters.ts says the same), or a hand-added
 * contribution's speakers.
 */
async function roleHolders(db: Executor, conferenceId: number) {
  const [members, sessions, contributions] = await Promise.all([
    db
      .select({ userId: conferenceMember.userId, role: conferenceMember.role })
      .from(conferenceMember)
      .where(and(eq(conferenceMember.conferenceId, conferenceId), inArray(conferenceMember.role, ['manager', STAFF_MEMBER_ROLE]))),
    db.select({ chairs: programmeSession.chairs }).from(programmeSession).where(eq(programmeSession.conferenceId, conferenceId)),
    db
      .select({
        kind: programmeContribution.kind,
        submissionId: programmeContribution.submissionId,
        presenterAuthor: programmeContribution.presenterAuthor,
        speakers: programmeContribution.speakers,
        owner: submission.userId,
      })
      .from(programmeContribution)
      .leftJoin(submission, and(eq(submission.id, programmeContribution.submissionId), eq(submission.conferenceId, conferenceId)))
      .where(and(eq(programmeContribution.conferenceId, conferenceId), ne(programmeContribution.presenterState, 'withdrawn'))),
  ]);
  const submissionIds = contributions.flatMap((c) => (c.submissionId === null ? [] : [c.submissionId]));
  const authors = submissionIds.length
    ? await db
        .select({
          submissionId: submissionAuthor.submissionId,
          email: submissionAuthor.email,
          corresponding: submissionAuthor.corresponding,
        })
        .from(submissionAuthor)
        .where(and(eq(submissionAuthor.conferenceId, conferenceId), inArray(submissionAuthor.submissionId, submissionIds)))
        .orderBy(asc(submissionAuthor.submissionId), asc(submissionAuthor.sortOrder), asc(submissionAuthor.id))
    : [];
  const speakerUsers = new Set<string>();
  const speakerEmails = new Set<string>();
  const handSpeakers: PersonMention[] = [];
  for (const c of contributions) {
    if (c.kind !== 'submission') {
      for (const s of c.speakers) handSpeakers.push({ names: [s.name.zh, s.name.en], email: s.email });
      continue;
    }
    if (c.owner) speakerUsers.add(c.owner);
    const list = authors.filter((a) => a.submissionId === c.submissionId);
    const chosen = c.presenterAuthor !== null ? list[c.presenterAuthor] : (list.find((a) => a.corresponding) ?? list[0]);
    if (chosen?.email.trim()) speakerEmails.add(lower(chosen.email));
  }
  return {
    organisers: new Set(members.filter((m) => m.role === 'manager').map((m) => m.userId)),
    staff: new Set(members.filter((m) => m.role === STAFF_MEMBER_ROLE).map((m) => m.userId)),
    chairs: sessions.flatMap((s) => s.chairs.map((c): PersonMention => ({ names: [c.name.zh, c.name.en], email: c.email }))),
    speakerUsers,
    speakerEmails,
    handSpeakers,
  };
}

/** Which registrations a badge PDF is for. */
export type BadgeSelection = { registrationId: number } | { filters: Partial<RegistrantFilters> };

/**
 * The badges of this conference's registrants (cancelled registrations have none): one registration, or every one
 * the registrant list's filters match, in registration order, at most `limit`. Every query names the conference.
 */
export async function badgePeople(
  db: Executor,
  { conferenceId, timeZone, selection, limit }: { conferenceId: number; timeZone: string; selection: BadgeSelection; limit: number },
): Promise<BadgePerson[]> {
  const where: SQL =
    'registrationId' in selection
      ? and(eq(conferenceRegistration.conferenceId, conferenceId), eq(conferenceRegistration.id, selection.registrationId))!
      : registrantConditions({ conferenceId, timeZone }, selection.filters);
  const rows = await db
    .select({
      id: conferenceRegistration.id,
      code: conferenceRegistration.code,
      answers: conferenceRegistration.answers,
      userId: user.id,
      accountName: user.name,
      email: user.email,
      firstName: userProfile.firstName,
      middleName: userProfile.middleName,
      lastName: userProfile.lastName,
      profileUnit: userProfile.unit,
      ticket: ticket,
      fee: sql<{ feeId: number | null; item: LocalizedText } | null>`(select json_build_object('feeId', o.fee_id, 'item', o.item_name)
        from ${conferenceOrder} o where o.conference_id = ${conferenceRegistration.conferenceId} and o.user_id = ${conferenceRegistration.userId}
        and o.type = 'registration' and o.order_status = 'available' order by o.id desc limit 1)`,
    })
    .from(conferenceRegistration)
    .innerJoin(user, eq(user.id, conferenceRegistration.userId))
    .leftJoin(userProfile, eq(userProfile.userId, conferenceRegistration.userId))
    .leftJoin(
      ticket,
      and(eq(ticket.conferenceId, conferenceId), eq(ticket.registrationId, conferenceRegistration.id), isNull(ticket.revokedAt)),
    )
    .where(and(where, ne(conferenceRegistration.status, 'cancelled')))
    .orderBy(asc(conferenceRegistration.id))
    .limit(limit);
  if (!rows.length) return [];
  const roles = await roleHolders(db, conferenceId);
  return rows.map((row) => {
    const email = lower(row.email);
    const names = badgeNames({
      registered: answerText(row.answers, 'name'),
      profile: { family: row.lastName ?? '', given: row.firstName ?? '', middle: row.middleName ?? '' },
      account: row.accountName,
    });
    // A chair or hand-added speaker is matched as a person: by email, or by name where none was typed for them.
    const me: PersonMention = { names: [names.name, names.latinName], email };
    const role: BadgeRole = roles.organisers.has(row.userId)
      ? 'organiser'
      : roles.staff.has(row.userId)
        ? 'staff'
        : roles.chairs.some((c) => samePerson(c, me))
          ? 'chair'
          : roles.speakerUsers.has(row.userId) || roles.speakerEmails.has(email) || roles.handSpeakers.some((s) => samePerson(s, me))
            ? 'speaker'
            : 'participant';
    return {
      registrationId: row.id,
      code: row.code,
      ...names,
      organisation: answerText(row.answers, 'unit') || (row.profileUnit ?? '').trim(),
      country: answerText(row.answers, 'country'),
      role,
      feeId: row.fee?.feeId ?? null,
      feeTitle: row.fee?.item ?? null,
      token: row.ticket ? tokenOf(row.ticket) : null,
    };
  });
}
