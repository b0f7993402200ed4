import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { mailOutbox, reviewAssignment } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { AppError } from '@/lib/http/app-error';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { POST as submitPost } from '@/app/api/conference/review/submit/route';
import { submitReview } from './score';
import type { ReviewScores } from './schemas';
import { callHandler, plantAccount, type Account } from '@/testing/harness/conference';
import {
  plantAssignment,
  plantReviewConference,
  plantReviewer,
  plantSubmission,
  setReviewConfig,
  type ReviewFixture,
} from '@/testing/fixtures/review';

const CALLS = 200;
const scoresOf = (i: number): ReviewScores => ({
  overall: 1 + (i % 10),
  relevance: 1 + (i % 5),
  englishLevel: 1,
  originality: 2,
  recommend: 3,
});

/**
 * Writing a review: one review per assignment however many submissions race (200 at once, with a
 * control showing the count of successes can exceed one when two reviewers may each write theirs),
 * scores within the configured scales, and only by the assigned reviewer.
 */
describe.each(testBackends('both'))('submitting reviews on %s', (backend) => {
  let database: Database;
  let fx: ReviewFixture;
  let author: Account;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantReviewConference(database, 'scoreconf');
    author = await plantAccount(database, fx.conferenceId);
  });
  afterAll(async () => {
    await database.close();
  });

  async function race(assignments: Array<{ id: number; userId: string }>) {
    const outcomes = await Promise.allSettled(
      Array.from({ length: CALLS }, (_, i) => {
        const a = assignments[i % assignments.length];
        return submitReview(database.db, fx.conferenceId, a.userId, {
          assignmentId: a.id,
          scores: scoresOf(i),
          opinion: `opinion ${i}`,
        }).then(() => i);
      }),
    );
    const winners = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    return { winners, refusals };
  }

  it(`${CALLS} simultaneous submissions of one assignment: exactly one lands, and its scores are stored`, async () => {
    const sub = await plantSubmission(database, fx.conferenceId, author.userId, { status: 'assigned' });
    const r = await plantReviewer(database, fx.conferenceId);
    const id = await plantAssignment(database, fx.conferenceId, sub, r.reviewerId);
    const { winners, refusals } = await race([{ id, userId: r.userId }]);
    expect(winners).toHaveLength(1);
    expect(refusals).toHaveLength(CALLS - 1);
    for (const e of refusals) expect((e as AppError).code).toBe('REVIEW_ALREADY_SUBMITTED');
    const [row] = await database.db.select().from(reviewAssignment).where(eq(reviewAssignment.id, id));
    expect(row.status).toBe('submitted');
    expect(row.scores).toEqual(scoresOf(winners[0]));
    expect(row.opinion).toBe(`opinion ${winners[0]}`);
  });

  it('control: with two assignments (two reviewers) the same race has two successes, so the count can tell', async () => {
    const sub = await plantSubmission(database, fx.conferenceId, author.userId, { status: 'assigned' });
    const r1 = await plantReviewer(database, fx.conferenceId);
    const r2 = await plantReviewer(database, fx.conferenceId);
    const a1 = await plantAssignment(database, fx.conferenceId, sub, r1.reviewerId);
    const a2 = await plantAssignment(database, fx.conferenceId, sub, r2.reviewerId);
    const { winners } = await race([
      { id: a1, userId: r1.userId },
      { id: a2, userId: r2.userId },
    ]);
    expect(winners.length).toBe(2);
    expect(new Set(winners.map((i) => i % 2))).toEqual(new Set([0, 1]));
  });

  it('refuses scores outside the scale and changes nothing; the chair hears of a review', async () => {
    await setReviewConfig(database, fx.conferenceId, {
      scales: {
        overall: { min: 1, max: 10 },
        relevance: { min: 1, max: 5 },
        englishLevel: { min: 1, max: 3 },
        originality: { min: 1, max: 5 },
        recommend: { min: 0, max: 2 },
      },
    });
    const chair = await plantReviewer(database, fx.conferenceId, { role: 'chair' });
    const sub = await plantSubmission(database, fx.conferenceId, author.userId, { status: 'assigned' });
    const r = await plantReviewer(database, fx.conferenceId);
    const other = await plantReviewer(database, fx.conferenceId);
    const id = await plantAssignment(database, fx.conferenceId, sub, r.reviewerId);
    await plantAssignment(database, fx.conferenceId, sub, other.reviewerId);
    const send = (scores: Partial<ReviewScores>, token = r.token, opinion = 'Solid work') =>
      callHandler(submitPost, fx, {
        token,
        body: JSON.stringify({
          assignmentId: id,
          scores: { overall: 5, relevance: 3, englishLevel: 2, originality: 3, recommend: 1, ...scores },
          opinion,
        }),
      });
    for (const bad of [{ englishLevel: 4 }, { overall: 0 }, { recommend: 3 }, { overall: 11 }]) {
      const answer = await send(bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.json?.error).toBe('REVIEW_SCORE_OUT_OF_SCALE');
    }
    expect((await send({ overall: 5.5 })).status).toBe(400);
    expect((await send({}, r.token, '   ')).status).toBe(400);
    // Another reviewer of the same submission cannot write this assignment.
    expect((await send({}, other.token)).status).toBe(404);
    const [untouched] = await database.db.select().from(reviewAssignment).where(eq(reviewAssignment.id, id));
    expect(untouched.status).toBe('assigned');
    expect(untouched.scores).toBeNull();
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, chair.email))).toHaveLength(0);

    const good = await send({});
    expect(good.status).toBe(200);
    const [row] = await database.db.select().from(reviewAssignment).where(eq(reviewAssignment.id, id));
    expect(row.scores).toEqual({ overall: 5, relevance: 3, englishLevel: 2, originality: 3, recommend: 1 });
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, chair.email));
    expect(mails.map((m) => m.template)).toEqual(['abstractReviewed']);
    expect((await send({})).json?.error).toBe('REVIEW_ALREADY_SUBMITTED');
  });
});
