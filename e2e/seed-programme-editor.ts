import type { DB } from '@/db/client';
import { conference, conferenceMember, submission, submissionAuthor, submissionSession } from '@/db/schema';
import { PUBLISHED } from '@/lib/conferences/status';
import { addSubmissionContributions } from '@/lib/programme/add-contributions';
import { createDay } from '@/lib/programme/days';
import { moveContribution } from '@/lib/programme/move-contribution';
import { createRoom } from '@/lib/programme/rooms';
import { createSession, placeSession } from '@/lib/programme/sessions';
import { PROGRAMME_E2E } from './support/programme-editor-data';

/** Three accepted submissions of one theme: T-1 and T-2 share their author. */
async function plantCall(db: DB, conferenceId: number, ownerId: string): Promise<number[]> {
  const [theme] = await db
    .insert(submissionSession)
    .values({ conferenceId, name: { zh: '量子光学', en: 'Quantum optics' }, prefix: 'QO' })
    .returning({ id: submissionSession.id });
  const talks = [
    { code: 'T-1', title: 'Photons in cavities', email: PROGRAMME_E2E.sharedAuthor, name: 'Mei', surname: 'Chen' },
    { code: 'T-2', title: 'Squeezed light', email: PROGRAMME_E2E.sharedAuthor, name: 'Mei', surname: 'Chen' },
    { code: 'T-3', title: 'Atom interferometry', email: 'other.author@confhub.test', name: 'Ana', surname: 'Silva' },
  ];
  const ids: number[] = [];
  for (const talk of talks) {
    const [row] = await db
      .insert(submission)
      .values({
        conferenceId,
        userId: ownerId,
        code: talk.code,
        title: talk.title,
        sessionId: theme.id,
        abstract: `About ${talk.title}.`,
        status: 'accepted',
        decision: 'accepted',
      })
      .returning({ id: submission.id });
    await db
      .insert(submissionAuthor)
      .values({ conferenceId, submissionId: row.id, name: talk.name, surname: talk.surname, email: talk.email, corresponding: true });
    ids.push(row.id);
  }
  return ids;
}

/** The programme editor test's conferences (e2e/support/programme-editor-data.ts). */
export async function seedProgrammeEditor(db: DB, account: (email: string, name?: string) => Promise<string>) {
  const manager = await account(PROGRAMME_E2E.manager, 'Programme Manager');
  const make = async (slug: string) => {
    const [row] = await db
      .insert(conference)
      .values({
        slug,
        status: PUBLISHED,
        title: { zh: '日程编排测试会议', en: 'Programme Editor Test Conference' },
        shortTitle: { zh: '日程', en: 'Programme' },
      })
      .returning({ id: conference.id });
    await db.insert(conferenceMember).values({ conferenceId: row.id, userId: manager, role: 'manager' });
    return row.id;
  };
  for (const slug of Object.values(PROGRAMME_E2E.build)) await plantCall(db, await make(slug), manager);
  for (const slug of Object.values(PROGRAMME_E2E.phone)) {
    const conferenceId = await make(slug);
    const submissions = await plantCall(db, conferenceId, manager);
    const { id: dayId } = await createDay(db, conferenceId, { day: PROGRAMME_E2E.day, title: { zh: '第一天', en: 'Day 1' } });
    const { id: roomId } = await createRoom(db, conferenceId, { name: { zh: '报告厅', en: 'Main hall' }, capacity: 200 });
    const { id: sessionId } = await createSession(db, conferenceId, {
      title: { zh: '量子光学', en: 'Quantum optics' },
      type: 'parallel',
      durationMinutes: 60,
    });
    await placeSession(db, conferenceId, sessionId, { dayId, roomId, start: '09:00' });
    const { ids } = await addSubmissionContributions(db, conferenceId, { submissionIds: submissions });
    for (const id of ids) await moveContribution(db, conferenceId, id, { sessionId, position: 100 });
    await createSession(db, conferenceId, { title: { zh: '茶歇', en: 'Coffee break' }, type: 'break', durationMinutes: 30 });
  }
}
