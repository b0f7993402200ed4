/**
 * The data of the admin submission tests: a conference with two top-level sessions (one with a
 * sub-session), five submissions in several states, two reviewers with scored reviews (one of an
 * earlier version, one cancelled), and another conference with its own session, reviewer and
 * submission that must never show.
 */
import { conference, reviewAssignment, reviewer, submission, submissionAuthor, submissionConfig, submissionSession } from '@/db/schema';
import type { Database } from '@/db/client';
import type { ReviewScores } from '@/db/schema/submissions';
import { insertAccount } from '@/lib/accounts/create-account';
import type { RouteHandler } from '@/lib/http/route';
import { apiRequest, plantSession } from '@/lib/http/testing';

const scores = (overall: number): ReviewScores => ({ overall, relevance: 4, englishLevel: 3, originality: 5, recommend: 2 });

export type AdminFixture = {
  conf: number;
  other: number;
  host: string;
  ids: Record<string, number>;
  sessions: Record<string, number>;
  reviewers: Record<string, number>;
  manager: string;
  participant: string;
  /** Calls a handler on the conference's host. */
  call: (handler: RouteHandler, path: string, token?: string, params?: Record<string, string>) => Promise<Response>;
};

export async function plantAdminSubmissions(database: Database, backend: string): Promise<AdminFixture> {
  let conf = 0;
  let other = 0;
  const host = `contrib${backend}.localhost`;
  const ids: Record<string, number> = {};
  const sessions: Record<string, number> = {};
  const reviewers: Record<string, number> = {};

  async function makeConference(slug: string) {
    const [row] = await database.db
      .insert(conference)
      .values({ slug, title: { zh: `${slug} 会议`, en: `${slug} Conference` }, shortTitle: { zh: slug, en: slug }, status: '4' })
      .returning({ id: conference.id });
    return row.id;
  }

  async function plantSubmission(
    conferenceId: number,
    key: string,
    values: {
      code: string;
      title: string;
      sessionId: number | null;
      status: string;
      version?: number;
      day: number;
      authors: [string, string][];
    },
  ) {
    const userId = await database.db.transaction((tx) =>
      insertAccount(tx, { email: `${key}-${backend}@example.org`, name: `Submitter ${key}`, passwordHash: null }),
    );
    const [row] = await database.db
      .insert(submission)
      .values({
        conferenceId,
        userId,
        code: values.code,
        title: values.title,
        sessionId: values.sessionId,
        status: values.status,
        version: values.version ?? 1,
        reportType: 'oral',
        category: 'research',
        keywords: ['alpha', 'beta'],
        chairOpinion: `chair on ${key}`,
        finalOpinion: `final on ${key}`,
        decision: values.status === 'accepted' ? 'accepted' : null,
        createdAt: new Date(Date.UTC(2026, 0, values.day)),
      })
      .returning({ id: submission.id });
    await database.db.insert(submissionAuthor).values(
      values.authors.map(([name, surname], i) => ({
        conferenceId,
        submissionId: row.id,
        name,
        surname,
        email: `${name.toLowerCase()}.${key}@example.org`,
        corresponding: i === 0,
        sortOrder: i,
      })),
    );
    ids[key] = row.id;
    return row.id;
  }

  async function review(
    conferenceId: number,
    key: string,
    who: string,
    version: number,
    status: string,
    overall: number | null,
    minute = 0,
  ) {
    await database.db.insert(reviewAssignment).values({
      conferenceId,
      submissionId: ids[key],
      reviewerId: reviewers[who],
      version,
      status,
      scores: overall === null ? null : scores(overall),
      opinion: overall === null ? '' : `${who} thinks ${key} deserves ${overall}`,
      assignedAt: new Date(Date.UTC(2026, 1, 1, 0, minute)),
    });
  }

  conf = await makeConference(`contrib${backend}`);
  other = await makeConference(`contribother${backend}`);
  const session = async (conferenceId: number, key: string, en: string, parentId: number | null = null, sortOrder = 0) => {
    const [row] = await database.db
      .insert(submissionSession)
      .values({ conferenceId, name: { zh: `${en}（中）`, en }, prefix: key.toUpperCase(), parentId, sortOrder })
      .returning({ id: submissionSession.id });
    sessions[key] = row.id;
  };
  await session(conf, 'physics', 'Physics', null, 1);
  await session(conf, 'optics', 'Optics', sessions.physics, 1);
  await session(conf, 'oceans', 'Oceans', null, 2);
  await session(other, 'secret', 'Secret session');
  await database.db.insert(submissionConfig).values({
    conferenceId: conf,
    reportTypes: [{ value: 'oral', label: { zh: '口头报告', en: 'Oral talk' } }],
    categories: [{ value: 'research', label: { zh: '研究论文', en: 'Research paper' } }],
  });
  const plantReviewer = async (conferenceId: number, key: string, fullName: string) => {
    const [row] = await database.db
      .insert(reviewer)
      .values({ conferenceId, email: `${key}@example.org`, fullName, active: true })
      .returning({ id: reviewer.id });
    reviewers[key] = row.id;
  };
  await plantReviewer(conf, 'r1', 'Reviewer One');
  await plantReviewer(conf, 'r2', 'Reviewer Two');
  await plantReviewer(other, 'rb', 'Foreign Reviewer');

  await plantSubmission(conf, 'a1', {
    code: 'PHY-001',
    title: 'Graphene sensors',
    sessionId: sessions.physics,
    status: 'assigned',
    day: 1,
    authors: [
      ['Wei', 'Li'],
      ['Ann', 'Smith'],
    ],
  });
  await plantSubmission(conf, 'a2', {
    code: 'OPT-001',
    title: '100% literal_test',
    sessionId: sessions.optics,
    status: 'accepted',
    version: 2,
    day: 2,
    authors: [['Bo', 'Zhang']],
  });
  await plantSubmission(conf, 'a3', {
    code: 'OCE-001',
    title: 'Ocean current x',
    sessionId: sessions.oceans,
    status: 'waiting',
    day: 3,
    authors: [['Cara', 'Jones']],
  });
  await plantSubmission(conf, 'a4', {
    code: 'OCE-002',
    title: '100 percent_x',
    sessionId: sessions.oceans,
    status: 'rejected',
    day: 4,
    authors: [['Dan', 'Brown']],
  });
  await plantSubmission(conf, 'a5', {
    code: 'NON-001',
    title: 'Withdrawn work',
    sessionId: null,
    status: 'withdrawn',
    day: 5,
    authors: [['Eve', 'White']],
  });
  await plantSubmission(other, 'b1', {
    code: 'SEC-999',
    title: 'Graphene secret 100%',
    sessionId: sessions.secret,
    status: 'assigned',
    day: 6,
    authors: [['Wei', 'Li']],
  });

  await review(conf, 'a1', 'r1', 1, 'submitted', 8, 1);
  await review(conf, 'a1', 'r2', 1, 'submitted', 6, 2);
  await review(conf, 'a2', 'r2', 1, 'submitted', 2, 1); // an earlier version: not in the average
  await review(conf, 'a2', 'r1', 2, 'submitted', 9, 2);
  await review(conf, 'a4', 'r1', 1, 'cancelled', null, 1);
  await review(conf, 'a4', 'r2', 1, 'submitted', 3, 2);
  await review(other, 'b1', 'rb', 1, 'submitted', 7, 1);

  const manager = await plantSession(database, conf, 'manager');
  const participant = await plantSession(database, conf, 'user');
  const call = async (handler: RouteHandler, path: string, token?: string, params: Record<string, string> = {}) =>
    handler(apiRequest(path, { host, token }), { params: Promise.resolve(params) });
  return { conf, other, host, ids, sessions, reviewers, manager, participant, call };
}
