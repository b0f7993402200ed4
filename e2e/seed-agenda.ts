/**
 * The agenda and presenters' browser test's own conference (e2e/programme-agenda.spec.ts): a published programme
 * (the sample of testing/fixtures/programme.ts, its contributions real rows), participants with K1 starred, and a
 * presenter per language whose accepted submission is A-01 or A-02.
 */
import type { Database } from '@/db/client';
import { conference, programmeStar } from '@/db/schema';
import { PUBLISHED } from '@/lib/conferences/status';
import { plantAcceptedSubmission, plantProgrammeWithContributions } from '@/testing/fixtures/programme-agenda';
import { AGENDA } from './support/agenda-data';

export async function seedAgenda(database: Database, account: (email: string, name?: string) => Promise<string>): Promise<void> {
  const { db } = database;
  const [agenda] = await db
    .insert(conference)
    .values({
      slug: AGENDA.slug,
      status: PUBLISHED,
      timeZone: 'Asia/Shanghai',
      title: { zh: '日程测试会议', en: 'Agenda Test Conference' },
      shortTitle: { zh: '日程会议', en: 'Agenda' },
    })
    .returning();
  const submissions: Record<string, number> = {};
  for (const [code, email, locale] of [
    ['A-01', AGENDA.presenters.zh, 'zh'],
    ['A-02', AGENDA.presenters.en, 'en'],
  ] as const) {
    const owner = await account(email, `Presenter ${locale}`);
    submissions[code] = await plantAcceptedSubmission(database, {
      conferenceId: agenda.id,
      ownerId: owner,
      code: `S-${code}`,
      authors: [{ email, corresponding: true }],
    });
  }
  const { ids } = await plantProgrammeWithContributions(database, agenda.id, { submissions });
  for (const email of Object.values(AGENDA.participants)) {
    const userId = await account(email, 'Agenda Participant');
    await db.insert(programmeStar).values({ conferenceId: agenda.id, userId, contributionId: ids.K1 });
  }
}
