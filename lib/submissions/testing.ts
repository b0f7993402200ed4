/**
 * Planting a call for papers for the submission integration tests: a published conference on its
 * own host, an open call (or the dates given), two sessions with prefixes, and accounts.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '@/db/client';
import { conference, submissionConfig, submissionSession, user } from '@/db/schema';
import type { SubmissionInput } from './schemas';

export type CallFixture = { conferenceId: number; host: string; sessionIds: number[]; parentId: number };

export async function plantCall(
  database: Database,
  slug: string,
  config: Partial<typeof submissionConfig.$inferInsert> = {},
): Promise<CallFixture> {
  const [conf] = await database.db
    .insert(conference)
    .values({ slug, title: { zh: `${slug} 会议`, en: `${slug} Conference` }, shortTitle: { zh: slug, en: slug }, status: '4' })
    .returning({ id: conference.id });
  await database.db.insert(submissionConfig).values({
    conferenceId: conf.id,
    enabled: true,
    openDate: '2000-01-01',
    firstDeadline: '2999-12-30',
    secondDeadline: '2999-12-31',
    reportTypes: [
      { value: 'oral', label: { zh: '口头报告', en: 'Oral' } },
      { value: 'poster', label: { zh: '墙报', en: 'Poster' } },
    ],
    categories: [{ value: 'research', label: { zh: '研究', en: 'Research' } }],
    ...config,
  });
  const [parent] = await database.db
    .insert(submissionSession)
    .values({ conferenceId: conf.id, name: { zh: '物理', en: 'Physics' }, prefix: 'P', sortOrder: 0 })
    .returning({ id: submissionSession.id });
  const leaves = await database.db
    .insert(submissionSession)
    .values([
      { conferenceId: conf.id, parentId: parent.id, name: { zh: '光学', en: 'Optics' }, prefix: 'OPT', sortOrder: 0 },
      { conferenceId: conf.id, parentId: parent.id, name: { zh: '声学', en: 'Acoustics' }, prefix: '', sortOrder: 1 },
    ])
    .returning({ id: submissionSession.id });
  return { conferenceId: conf.id, host: `${slug}.localhost`, sessionIds: leaves.map((l) => l.id), parentId: parent.id };
}

/** Accounts without sessions (for services called directly). */
export async function plantUsers(database: Database, n: number, tag: string): Promise<{ id: string; email: string; name: string }[]> {
  const rows = Array.from({ length: n }, (_, i) => ({
    id: randomUUID(),
    name: `${tag} ${i}`,
    email: `${tag}-${i}-${randomUUID().slice(0, 6)}@example.org`,
  }));
  await database.db.insert(user).values(rows);
  return rows;
}

/** A valid submission for the planted call. */
export function validSubmission(fx: CallFixture, overrides: Partial<SubmissionInput> = {}): SubmissionInput {
  return {
    title: 'Light in small cavities',
    sessionId: fx.sessionIds[0],
    reportType: 'oral',
    category: 'research',
    keywords: ['optics', 'cavity'],
    abstract: 'We study light confined in small cavities.',
    abstractFileId: null,
    fullTextFileId: null,
    authors: [
      {
        name: 'Fang',
        surname: 'Wang',
        email: 'wang.fang@example.org',
        phone: '+86 10 1234 5678',
        country: 'China',
        company: 'Lab',
        corresponding: true,
      },
      { name: 'Ana', surname: 'Silva', email: 'ana@example.org', phone: '', country: '', company: '', corresponding: false },
    ],
    ...overrides,
  };
}
