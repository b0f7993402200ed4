import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { mailOutbox, submission, submissionConfig, submissionVersion } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { GET as assignmentGet } from '@/app/api/conference/review/assignment/route';
import { GET as assignmentsGet } from '@/app/api/conference/review/assignments/route';
import { POST as decidePost } from '@/app/api/conference/review/decide/route';
import { GET as listGet } from '@/app/api/conference/review/list/route';
import { POST as releasePost } from '@/app/api/conference/review/release/route';
import { GET as submissionGet } from '@/app/api/conference/review/submission/route';
import { GET as submissionsGet } from '@/app/api/conference/review/submissions/route';
import { POST as submitPost } from '@/app/api/conference/review/submit/route';
import { callHandler, plantAccount, type Account } from '@/testing/harness/conference';
import {
  plantAssignment,
  plantReviewConference,
  plantReviewer,
  plantSubmission,
  setReviewConfig,
  type PlantedReviewer,
  type ReviewFixture,
} from '@/testing/fixtures/review';

const AUTHOR = { name: 'Zhangsecret', surname: 'Hiddenname', email: 'hidden.author@secret-uni.example', company: 'Secretive Institute' };
const OTHER_SCORES = { overall: 9, relevance: 4, englishLevel: 4, originality: 4, recommend: 4 };
const OTHER_OPINION = 'PLANTED-OTHER-OPINION-7731';

/**
 * What each caller of the review area may see, with planted data that must not leak: a reviewer
 * sees only assignments of their own, no author under blind review, no other reviewer's scores
 * before writing their own; participants and reviewers of another conference see nothing; the
 * chair decides and releases, and the submitter is told in their language.
 */
describe.each(testBackends())('review visibility and decisions on %s', (backend) => {
  let database: Database;
  let fx: ReviewFixture;
  let author: Account;
  let manager: Account;
  let chair: PlantedReviewer;
  let me: PlantedReviewer;
  let colleague: PlantedReviewer;
  let sub: number;
  let unassigned: number;
  let mine: number;
  let theirs: number;
  let unassignedOfColleague: number;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantReviewConference(database, 'viewconf');
    author = await plantAccount(database, fx.conferenceId);
    manager = await plantAccount(database, fx.conferenceId, 'manager');
    chair = await plantReviewer(database, fx.conferenceId, { role: 'chair' });
    me = await plantReviewer(database, fx.conferenceId, { organization: 'Mine' });
    colleague = await plantReviewer(database, fx.conferenceId, { organization: 'Theirs' });
    sub = await plantSubmission(database, fx.conferenceId, author.userId, {
      status: 'assigned',
      title: 'Deep sea vents',
      authors: [AUTHOR],
    });
    unassigned = await plantSubmission(database, fx.conferenceId, author.userId, { status: 'assigned', title: 'UNASSIGNED-TITLE-4410' });
    mine = await plantAssignment(database, fx.conferenceId, sub, me.reviewerId);
    theirs = await plantAssignment(database, fx.conferenceId, sub, colleague.reviewerId, {
      status: 'submitted',
      scores: OTHER_SCORES,
      opinion: OTHER_OPINION,
    });
    unassignedOfColleague = await plantAssignment(database, fx.conferenceId, unassigned, colleague.reviewerId);
  });
  afterAll(async () => {
    await database.close();
  });

  const get = (handler: typeof assignmentGet, token: string, path = '/api/x', on = fx) =>
    callHandler(handler, on, { method: 'GET', token, path });

  it('a reviewer lists and opens only their own assignments', async () => {
    const list = await get(assignmentsGet, me.token);
    expect(list.status).toBe(200);
    expect((list.json?.data as Array<{ id: number }>).map((a) => a.id)).toEqual([mine]);
    expect(list.text).not.toContain('UNASSIGNED-TITLE-4410');
    for (const id of [theirs, unassignedOfColleague, 999999]) {
      const answer = await get(assignmentGet, me.token, `/api/x?id=${id}`);
      expect(answer.status, `assignment ${id}`).toBe(404);
      expect(answer.text).not.toContain('UNASSIGNED-TITLE-4410');
      expect(answer.text).not.toContain(OTHER_OPINION);
    }
    // The chair's and managers' lists are not for reviewers.
    for (const handler of [submissionsGet, listGet]) expect((await get(handler, me.token)).status).toBe(403);
    expect((await get(submissionGet, me.token, `/api/x?id=${sub}`)).status).toBe(403);
  });

  it('blind review hides every author detail; open review shows them', async () => {
    const blind = await get(assignmentGet, me.token, `/api/x?id=${mine}`);
    expect(blind.status).toBe(200);
    expect(blind.text).toContain('Deep sea vents');
    for (const secret of [AUTHOR.name, AUTHOR.surname, AUTHOR.email, AUTHOR.company, author.email, 'secret-uni']) {
      expect(blind.text, secret).not.toContain(secret);
    }
    await setReviewConfig(database, fx.conferenceId, { blind: false });
    const open = await get(assignmentGet, me.token, `/api/x?id=${mine}`);
    expect(open.text).toContain(AUTHOR.email);
    expect(open.text).toContain(AUTHOR.surname);
    await setReviewConfig(database, fx.conferenceId, { blind: true });
  });

  it("another reviewer's scores stay hidden until the reviewer's own review is in", async () => {
    const before = await get(assignmentGet, me.token, `/api/x?id=${mine}`);
    expect(before.text).not.toContain(OTHER_OPINION);
    expect((before.json?.data as { others: unknown[] }).others).toEqual([]);
    const submit = await callHandler(submitPost, fx, {
      token: me.token,
      body: JSON.stringify({
        assignmentId: mine,
        scores: { overall: 3, relevance: 2, englishLevel: 2, originality: 2, recommend: 2 },
        opinion: 'Mine',
      }),
    });
    expect(submit.status).toBe(200);
    const after = await get(assignmentGet, me.token, `/api/x?id=${mine}`);
    expect(after.text).toContain(OTHER_OPINION);
    const others = (after.json?.data as { others: Array<{ scores: unknown }> }).others;
    expect(others.map((o) => o.scores)).toEqual([OTHER_SCORES]);
    // Still no identities of the other reviewer.
    expect(after.text).not.toContain(colleague.email);
    // All reviews in: the chair got the chairReview mail.
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, chair.email));
    expect(mails.map((m) => m.template)).toContain('chairReview');
  });

  it('participants and reviewers of another conference get nothing', async () => {
    const elsewhere = await plantReviewConference(database, 'viewconf-other');
    const stranger = await plantReviewer(database, elsewhere.conferenceId, { role: 'chair' });
    const strangerRev = await plantReviewer(database, elsewhere.conferenceId);
    for (const token of [author.token, stranger.token, strangerRev.token]) {
      expect((await get(assignmentGet, token, `/api/x?id=${mine}`)).status).toBe(403);
      expect((await get(assignmentsGet, token)).status).toBe(403);
      expect((await get(submissionsGet, token)).status).toBe(403);
      expect((await get(submissionGet, token, `/api/x?id=${sub}`)).status).toBe(403);
      const decide = await callHandler(decidePost, fx, { token, body: JSON.stringify({ submissionId: sub, decision: 'accepted' }) });
      expect(decide.status).toBe(403);
    }
    // The stranger chair, on their own conference, cannot reach this conference's submission either.
    expect((await get(submissionGet, stranger.token, `/api/x?id=${sub}`, elsewhere)).status).toBe(404);
    const decide = await callHandler(decidePost, elsewhere, {
      token: stranger.token,
      body: JSON.stringify({ submissionId: sub, decision: 'accepted' }),
    });
    expect(decide.status).toBe(404);
    const [row] = await database.db.select().from(submission).where(eq(submission.id, sub));
    expect(row.decision).toBeNull();
  });

  it('the chair sees everything, decides, releases once, and the submitter is told in their language', async () => {
    const overview = await get(submissionsGet, chair.token);
    expect(overview.status).toBe(200);
    const row = (overview.json?.data as Array<{ id: number; reviewed: number; averages: { overall: number } }>).find((r) => r.id === sub)!;
    expect(row.reviewed).toBe(2);
    expect(row.averages.overall).toBe(6);
    const detail = await get(submissionGet, chair.token, `/api/x?id=${sub}`);
    expect(detail.text).toContain(AUTHOR.email);
    expect(detail.text).toContain(OTHER_OPINION);
    expect((await get(listGet, manager.token)).status).toBe(200);

    expect((await callHandler(releasePost, fx, { token: chair.token, body: JSON.stringify({ submissionId: sub }) })).json?.error).toBe(
      'REVIEW_NOT_DECIDED',
    );
    const decided = await callHandler(decidePost, fx, {
      token: chair.token,
      body: JSON.stringify({
        submissionId: sub,
        decision: 'modify',
        chairOpinion: 'internal note',
        finalOpinion: 'Please shorten section 2.',
      }),
    });
    expect(decided.status).toBe(200);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, author.email))).toHaveLength(0);
    const released = await callHandler(releasePost, fx, { token: chair.token, body: JSON.stringify({ submissionId: sub }) });
    expect(released.status).toBe(200);
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, 'finalResult'), eq(mailOutbox.conferenceId, fx.conferenceId)));
    expect(mails.map((m) => m.toAddress).sort()).toEqual([author.email, AUTHOR.email].sort());
    // Submitted in English on a bilingual site: the mail is in English, with the final opinion and not the chair's note.
    for (const m of mails) {
      expect(m.locale).toBe('en');
      expect(m.text).toContain('Please shorten section 2.');
      expect(m.text).toContain('changes needed');
      expect(m.text).not.toContain('internal note');
    }
    const again = await callHandler(releasePost, fx, { token: chair.token, body: JSON.stringify({ submissionId: sub }) });
    expect(again.json?.error).toBe('REVIEW_RELEASED');
    const [stored] = await database.db.select().from(submission).where(eq(submission.id, sub));
    expect(stored.status).toBe('modify');
    expect(stored.releasedAt).not.toBeNull();

    // A submission made in Chinese is told in Chinese.
    const zhSub = await plantSubmission(database, fx.conferenceId, author.userId, {
      status: 'assigned',
      title: '深海热泉研究',
      locale: 'zh',
      authors: [],
    });
    await callHandler(decidePost, fx, {
      token: manager.token,
      body: JSON.stringify({ submissionId: zhSub, decision: 'accepted', finalOpinion: '很好' }),
    });
    await callHandler(releasePost, fx, { token: manager.token, body: JSON.stringify({ submissionId: zhSub }) });
    const [zhMail] = await database.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.template, 'finalResult'),
          eq(
            mailOutbox.subject,
            `【viewconf 会议】稿件 ${(await database.db.select().from(submission).where(eq(submission.id, zhSub)))[0].code} 的评审结果`,
          ),
        ),
      );
    expect(zhMail.locale).toBe('zh');
    expect(zhMail.text).toContain('录用');
  });

  it('a released "need to modify" can be settled again only once no revision can come in', async () => {
    const conf = await plantReviewConference(database, 'viewconf-redecide');
    const boss = await plantAccount(database, conf.conferenceId, 'manager');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await database.db.insert(submissionConfig).values({
      conferenceId: conf.conferenceId,
      enabled: true,
      openDate: day(-30),
      firstDeadline: day(-5),
      secondDeadline: day(5),
    });
    const sub = await plantSubmission(database, conf.conferenceId, author.userId, { status: 'assigned' });
    const decide = (decision: string) =>
      callHandler(decidePost, conf, { token: boss.token, body: JSON.stringify({ submissionId: sub, decision, finalOpinion: decision }) });
    const release = () => callHandler(releasePost, conf, { token: boss.token, body: JSON.stringify({ submissionId: sub }) });
    expect((await decide('modify')).status).toBe(200);
    expect((await release()).status).toBe(200);
    // The author may still revise: the decision stands.
    expect((await decide('rejected')).json?.error).toBe('REVIEW_AWAITING_REVISION');
    // The second deadline passed without a revision: the chair settles it, and it is hidden until released.
    await database.db
      .update(submissionConfig)
      .set({ secondDeadline: day(-1) })
      .where(eq(submissionConfig.conferenceId, conf.conferenceId));
    expect((await decide('rejected')).status).toBe(200);
    const [settled] = await database.db.select().from(submission).where(eq(submission.id, sub));
    expect([settled.status, settled.releasedAt]).toEqual(['rejected', null]);
    expect((await release()).status).toBe(200);
    // A released final decision stands for good.
    expect((await decide('accepted')).json?.error).toBe('REVIEW_RELEASED');
  });

  it('an assignment of an earlier version shows that version, still blind, while the current one shows the revision', async () => {
    const revised = await plantSubmission(database, fx.conferenceId, author.userId, {
      status: 'resubmitted',
      version: 2,
      title: 'Vents, revised (v2)',
      authors: [AUTHOR],
    });
    await database.db.insert(submissionVersion).values({
      conferenceId: fx.conferenceId,
      submissionId: revised,
      version: 1,
      snapshot: {
        title: 'Vents, first draft (v1)',
        sessionId: null,
        reportType: 'poster',
        category: '',
        keywords: ['first'],
        abstract: 'The first abstract.',
        abstractFileId: null,
        fullTextFileId: null,
        authors: [{ ...AUTHOR, phone: '', country: 'CN', corresponding: true }],
      },
    });
    const old = await plantAssignment(database, fx.conferenceId, revised, me.reviewerId, {
      version: 1,
      status: 'submitted',
      scores: OTHER_SCORES,
      opinion: 'first round',
    });
    const current = await plantAssignment(database, fx.conferenceId, revised, me.reviewerId, { version: 2 });
    const first = await get(assignmentGet, me.token, `/api/x?id=${old}`);
    expect(first.status).toBe(200);
    expect(first.json?.data).toMatchObject({
      submission: {
        title: 'Vents, first draft (v1)',
        abstract: 'The first abstract.',
        reportType: 'poster',
        keywords: ['first'],
        version: 2,
      },
    });
    expect(first.text).not.toContain('revised (v2)');
    for (const secret of [AUTHOR.surname, AUTHOR.email, AUTHOR.company]) expect(first.text, secret).not.toContain(secret);
    const second = await get(assignmentGet, me.token, `/api/x?id=${current}`);
    expect(second.json?.data).toMatchObject({ submission: { title: 'Vents, revised (v2)' } });
  });
});
