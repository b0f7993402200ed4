import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { mailOutbox, reviewAssignment, submission } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { POST as assignPost } from '@/app/api/conference/platform/manage/assign/route';
import { POST as autoPost } from '@/app/api/conference/platform/manage/assign/auto/route';
import { POST as conflictPost } from '@/app/api/conference/review/conflict/route';
import { removeReviewer } from '@/lib/reviewers/manage';
import { autoAssign, cancelAssignment } from './assign';
import { declareConflictFor } from './declare-conflict';
import { callHandler, plantAccount, type Account } from '@/testing/harness/conference';
import {
  liveAssignments,
  plantAssignment,
  plantReviewConference,
  plantReviewer,
  plantSubmission,
  plantTopic,
  setReviewConfig,
  type ReviewFixture,
} from '@/testing/fixtures/review';
import { withdrawSubmission } from '@/lib/submissions/withdraw-submission';
import { recordConflict } from './conflicts';

/**
 * Assignment of reviewers: conflicts of interest (same organisation, co-author, declared) keep a
 * reviewer off a submission by hand and automatically; automatic assignment balances the load,
 * follows the sessions reviewers cover, never double-assigns under concurrent runs, and assigns a
 * resubmitted version again.
 */
describe.each(testBackends('both'))('review assignment on %s', (backend) => {
  let database: Database;
  let fx: ReviewFixture;
  let manager: Account;
  let author: Account;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantReviewConference(database, 'assignconf');
    manager = await plantAccount(database, fx.conferenceId, 'manager');
    author = await plantAccount(database, fx.conferenceId);
  });
  afterAll(async () => {
    await database.close();
  });

  const assign = (submissionId: number, reviewerId: number, token = manager.token) =>
    callHandler(assignPost, fx, { token, body: JSON.stringify({ submissionId, reviewerId }) });

  it('refuses a reviewer of the same organisation, a co-author and a declared conflict, by hand and automatically', async () => {
    const sub = await plantSubmission(database, fx.conferenceId, author.userId, {
      authors: [
        { name: 'Li', surname: 'Wei', email: 'li.wei@tsinghua.example', company: 'Tsinghua University' },
        { name: 'Co', surname: 'Author', email: 'Co.Reviewer@Example.org', company: 'Elsewhere Lab' },
      ],
    });
    const sameOrg = await plantReviewer(database, fx.conferenceId, { organization: '  tsinghua   UNIVERSITY.' });
    const coauthor = await plantReviewer(database, fx.conferenceId, { email: 'co.reviewer@example.org', organization: 'Other' });
    const declared = await plantReviewer(database, fx.conferenceId, { organization: 'Third Place' });
    await recordConflict(database.db, {
      conferenceId: fx.conferenceId,
      reviewerId: declared.reviewerId,
      submissionId: sub,
      reason: 'friend',
      declaredBy: manager.userId,
    });
    for (const r of [sameOrg, coauthor, declared]) {
      const answer = await assign(sub, r.reviewerId);
      expect(answer.status, `reviewer ${r.email}`).toBe(409);
      expect(answer.json?.error).toBe('REVIEW_CONFLICT');
    }
    expect(await liveAssignments(database, sub)).toHaveLength(0);

    // Control: a reviewer without conflict is accepted by the same call.
    const free = await plantReviewer(database, fx.conferenceId, { organization: 'Free Institute' });
    const ok = await assign(sub, free.reviewerId);
    expect(ok.status).toBe(200);
    const [row] = await database.db.select().from(submission).where(eq(submission.id, sub));
    expect(row.status).toBe('assigned');
    const mails = await database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, free.email), eq(mailOutbox.template, 'abstractAssigned')));
    expect(mails).toHaveLength(1);
    // Twice is refused.
    expect((await assign(sub, free.reviewerId)).json?.error).toBe('REVIEW_ALREADY_ASSIGNED');

    // Automatic assignment asked for 4 reviewers: only conflict-free ones are taken.
    await setReviewConfig(database, fx.conferenceId, { reviewersPerSubmission: 4 });
    const auto = await callHandler(autoPost, fx, { token: manager.token, body: '{}' });
    expect(auto.status).toBe(200);
    const live = await liveAssignments(database, sub);
    const ids = live.map((a) => a.reviewerId);
    for (const r of [sameOrg, coauthor, declared]) expect(ids).not.toContain(r.reviewerId);
    expect(ids).toContain(free.reviewerId);
    await setReviewConfig(database, fx.conferenceId, { reviewersPerSubmission: 2 });
  });

  it('lets a participant neither assign nor run the automatic assignment', async () => {
    const sub = await plantSubmission(database, fx.conferenceId, author.userId);
    const r = await plantReviewer(database, fx.conferenceId);
    expect((await assign(sub, r.reviewerId, author.token)).status).toBe(403);
    expect((await callHandler(autoPost, fx, { token: r.token, body: '{}' })).status).toBe(403);
    expect(await liveAssignments(database, sub)).toHaveLength(0);
  });

  it('a reviewer who declares a conflict loses the assignment and is never given the submission again', async () => {
    const other = await plantReviewConference(database, 'assignconf-decl');
    const sub = await plantSubmission(database, other.conferenceId, author.userId, { status: 'assigned' });
    const r = await plantReviewer(database, other.conferenceId, { organization: 'Decl Org' });
    const a = await plantAssignment(database, other.conferenceId, sub, r.reviewerId);
    const res = await callHandler(conflictPost, other, { token: r.token, body: JSON.stringify({ assignmentId: a, reason: 'my student' }) });
    expect(res.status).toBe(200);
    expect(await liveAssignments(database, sub)).toHaveLength(0);
    const [row] = await database.db.select().from(submission).where(eq(submission.id, sub));
    expect(row.status).toBe('waiting');
    await autoAssign(database.db, other.conferenceId, manager.userId);
    expect(await liveAssignments(database, sub)).toHaveLength(0);
  });

  it('balances the load, follows sessions, and two runs at once never double-assign', async () => {
    const conf = await plantReviewConference(database, 'assignconf-load');
    const physics = await plantTopic(database, conf.conferenceId, 'Physics');
    const optics = await plantTopic(database, conf.conferenceId, 'Optics', physics);
    const biology = await plantTopic(database, conf.conferenceId, 'Biology');
    await setReviewConfig(database, conf.conferenceId, { reviewersPerSubmission: 2 });
    const everyone = await Promise.all([0, 1, 2, 3].map((i) => plantReviewer(database, conf.conferenceId, { organization: `Org ${i}` })));
    const physicist = await plantReviewer(database, conf.conferenceId, { organization: 'P', sessionIds: [physics] });
    const chair = await plantReviewer(database, conf.conferenceId, { organization: 'C', role: 'chair' });
    const subs: number[] = [];
    for (let i = 0; i < 6; i++)
      subs.push(await plantSubmission(database, conf.conferenceId, author.userId, { sessionId: i % 2 ? biology : optics }));
    const results = await Promise.all([0, 1, 2, 3].map(() => autoAssign(database.db, conf.conferenceId, manager.userId)));
    expect(results.reduce((n, r) => n + r.assignments, 0)).toBe(12);

    const rows = (await database.db.select().from(reviewAssignment).where(eq(reviewAssignment.conferenceId, conf.conferenceId))).filter(
      (r) => r.status !== 'cancelled',
    );
    expect(rows).toHaveLength(12);
    for (const sub of subs) {
      const mine = rows.filter((r) => r.submissionId === sub);
      expect(mine).toHaveLength(2);
      expect(new Set(mine.map((r) => r.reviewerId)).size).toBe(2);
    }
    // The chair is never assigned; the physicist only gets optics (a child of physics) papers.
    expect(rows.some((r) => r.reviewerId === chair.reviewerId)).toBe(false);
    const biologySubs = new Set(subs.filter((_, i) => i % 2));
    expect(rows.filter((r) => r.reviewerId === physicist.reviewerId).every((r) => !biologySubs.has(r.submissionId))).toBe(true);
    // 12 reviews over 5 eligible reviewers: each has 2 or 3.
    const loads = [...everyone, physicist].map((r) => rows.filter((x) => x.reviewerId === r.reviewerId).length);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    const statuses = await database.db
      .select({ status: submission.status })
      .from(submission)
      .where(eq(submission.conferenceId, conf.conferenceId));
    expect(statuses.every((s) => s.status === 'assigned')).toBe(true);
  });

  it('assigns a resubmitted version again after a "modify" decision', async () => {
    const conf = await plantReviewConference(database, 'assignconf-resub');
    await setReviewConfig(database, conf.conferenceId, { reviewersPerSubmission: 1 });
    const r = await plantReviewer(database, conf.conferenceId, { organization: 'R' });
    const sub = await plantSubmission(database, conf.conferenceId, author.userId, { status: 'modify' });
    await plantAssignment(database, conf.conferenceId, sub, r.reviewerId, {
      status: 'submitted',
      scores: { overall: 5, relevance: 3, englishLevel: 3, originality: 3, recommend: 3 },
      opinion: 'Revise',
    });
    // While 'modify' the submission is not assigned.
    expect((await autoAssign(database.db, conf.conferenceId, manager.userId)).assignments).toBe(0);
    // The author resubmits (planted as lib/submissions leaves it): version 2, status 'resubmitted'.
    await database.db.update(submission).set({ status: 'resubmitted', version: 2 }).where(eq(submission.id, sub));
    const result = await autoAssign(database.db, conf.conferenceId, manager.userId);
    expect(result.assignments).toBe(1);
    const live = await liveAssignments(database, sub);
    expect(live.map((a) => [a.version, a.status]).sort()).toEqual([
      [1, 'submitted'],
      [2, 'assigned'],
    ]);
    const [row] = await database.db.select().from(submission).where(eq(submission.id, sub));
    expect(row.status).toBe('assigned');
  });

  it('a withdrawal takes back the reviews not yet written, keeps the written ones, and auto-assign passes it by', async () => {
    const sub = await plantSubmission(database, fx.conferenceId, author.userId, { status: 'assigned' });
    const waiting = await plantReviewer(database, fx.conferenceId, { organization: 'Withdrawal Lab A' });
    const done = await plantReviewer(database, fx.conferenceId, { organization: 'Withdrawal Lab B' });
    await plantAssignment(database, fx.conferenceId, sub, waiting.reviewerId);
    await plantAssignment(database, fx.conferenceId, sub, done.reviewerId, {
      status: 'submitted',
      scores: { overall: 6, relevance: 3, englishLevel: 3, originality: 3, recommend: 3 },
      opinion: 'Fine',
    });
    await withdrawSubmission(database.db, { conferenceId: fx.conferenceId, userId: author.userId, submissionId: sub });
    const rows = await database.db.select().from(reviewAssignment).where(eq(reviewAssignment.submissionId, sub));
    expect(rows.map((r) => [r.reviewerId, r.status]).sort()).toEqual(
      [
        [waiting.reviewerId, 'cancelled'],
        [done.reviewerId, 'submitted'],
      ].sort(),
    );
    await autoAssign(database.db, fx.conferenceId, manager.userId);
    expect((await liveAssignments(database, sub)).map((a) => a.status)).toEqual(['submitted']);
  });

  it('never gives reviewers their own submission, by hand or automatically', async () => {
    const conf = await plantReviewConference(database, 'assignconf-self');
    const self = await plantReviewer(database, conf.conferenceId, { organization: 'Self Lab' });
    // They list someone else as the author: only the submitting account betrays them.
    const sub = await plantSubmission(database, conf.conferenceId, self.userId, {
      authors: [{ name: 'Ghost', surname: 'Writer', email: 'ghost@elsewhere.example', company: 'Elsewhere' }],
    });
    const boss = await plantAccount(database, conf.conferenceId, 'manager');
    const res = await callHandler(assignPost, conf, {
      token: boss.token,
      body: JSON.stringify({ submissionId: sub, reviewerId: self.reviewerId }),
    });
    expect(res.json?.error).toBe('REVIEW_CONFLICT');
    await autoAssign(database.db, conf.conferenceId, manager.userId);
    expect(await liveAssignments(database, sub)).toHaveLength(0);
    // Control: another reviewer is given it by the same run.
    const other = await plantReviewer(database, conf.conferenceId, { organization: 'Other Lab' });
    await autoAssign(database.db, conf.conferenceId, manager.userId);
    expect((await liveAssignments(database, sub)).map((a) => a.reviewerId)).toEqual([other.reviewerId]);
  });

  it('removing a reviewer takes back the reviews they had not written and keeps the written ones', async () => {
    const conf = await plantReviewConference(database, 'assignconf-remove');
    const leaving = await plantReviewer(database, conf.conferenceId, { organization: 'Leaving Lab' });
    const open = await plantSubmission(database, conf.conferenceId, author.userId, { status: 'assigned' });
    const written = await plantSubmission(database, conf.conferenceId, author.userId, { status: 'assigned' });
    await plantAssignment(database, conf.conferenceId, open, leaving.reviewerId);
    await plantAssignment(database, conf.conferenceId, written, leaving.reviewerId, {
      status: 'submitted',
      scores: { overall: 6, relevance: 3, englishLevel: 3, originality: 3, recommend: 3 },
      opinion: 'Fine',
    });
    const result = await removeReviewer(database.db, conf.conferenceId, leaving.reviewerId, manager.userId);
    expect(result).toEqual({ removed: false, deactivated: true });
    expect(await liveAssignments(database, open)).toHaveLength(0);
    expect((await liveAssignments(database, written)).map((a) => a.status)).toEqual(['submitted']);
    const rows = await database.db
      .select()
      .from(submission)
      .where(inArray(submission.id, [open, written]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({ [open]: 'waiting', [written]: 'assigned' });
  });

  it('a withdrawal racing the manager taking back or declaring a conflict on the same assignment never deadlocks', async () => {
    const conf = await plantReviewConference(database, 'assignconf-race');
    const rev = await plantReviewer(database, conf.conferenceId, { organization: 'Race Lab' });
    const outcomes: string[] = [];
    for (let i = 0; i < 12; i++) {
      const sub = await plantSubmission(database, conf.conferenceId, author.userId, { status: 'assigned' });
      const assignmentId = await plantAssignment(database, conf.conferenceId, sub, rev.reviewerId);
      const manager_ =
        i % 2 === 0
          ? cancelAssignment(database.db, conf.conferenceId, assignmentId, manager.userId)
          : declareConflictFor(
              database.db,
              conf.conferenceId,
              { submissionId: sub, reviewerId: rev.reviewerId, reason: 'race' },
              manager.userId,
            );
      const results = await Promise.allSettled([
        withdrawSubmission(database.db, { conferenceId: conf.conferenceId, userId: author.userId, submissionId: sub }),
        manager_,
      ]);
      for (const r of results) {
        // Either may come second and find nothing left to take back: a clear refusal, never a database error.
        outcomes.push(r.status === 'fulfilled' ? 'ok' : ((r.reason as { code?: string }).code ?? String(r.reason)));
      }
      expect(await liveAssignments(database, sub)).toHaveLength(0);
      const [row] = await database.db.select().from(submission).where(eq(submission.id, sub));
      expect(row.status).toBe('withdrawn');
    }
    expect(outcomes.filter((o) => !['ok', 'REVIEW_NOT_OPEN'].includes(o))).toEqual([]);
  });

  it("tells each reviewer of an assignment in the reviewer's own language on a bilingual site", async () => {
    const sub = await plantSubmission(database, fx.conferenceId, author.userId, { status: 'waiting' });
    const english = await plantReviewer(database, fx.conferenceId, { organization: 'Language Lab EN', locale: 'en' });
    const chinese = await plantReviewer(database, fx.conferenceId, { organization: 'Language Lab ZH', locale: 'zh' });
    expect((await assign(sub, english.reviewerId)).status).toBe(200);
    expect((await assign(sub, chinese.reviewerId)).status).toBe(200);
    const mail = async (to: string) =>
      (
        await database.db
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.template, 'abstractAssigned')))
      )[0];
    expect(await mail(english.email)).toMatchObject({ locale: 'en' });
    expect((await mail(english.email)).subject).toContain('Please review submission');
    expect(await mail(chinese.email)).toMatchObject({ locale: 'zh' });
    expect((await mail(chinese.email)).subject).toContain('请评审稿件');
  });
});
