import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { createTestDatabase, testBackends } from './testing';
import { conference, reviewAssignment, reviewer, submission, submissionConfig, submissionVersion } from './schema';
import { DEMO_SLUG, seedDemo } from './seed';

describe.each(testBackends())('the demo seed on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await database.close();
  });

  it('opens a call for papers with one submission assigned to the active demo reviewer, once', async () => {
    const { db } = database;
    const now = new Date('2026-11-24T04:00:00Z');
    expect(await seedDemo(db, now)).toBe(true);
    expect(await seedDemo(db, now)).toBe(false);
    const [demo] = await db.select({ id: conference.id }).from(conference).where(eq(conference.slug, DEMO_SLUG));
    const [call] = await db.select().from(submissionConfig).where(eq(submissionConfig.conferenceId, demo.id));
    expect(call.enabled).toBe(true);
    expect(call.openDate! <= '2026-11-24' && '2026-11-24' <= call.firstDeadline!).toBe(true);
    expect(call.secondDeadline! >= call.firstDeadline!).toBe(true);
    const submissions = await db.select().from(submission).where(eq(submission.conferenceId, demo.id));
    expect(submissions.map((s) => s.status)).toEqual(['assigned']);
    expect(call.used).toBe(submissions.length);
    const versions = await db.select().from(submissionVersion).where(eq(submissionVersion.submissionId, submissions[0].id));
    expect(versions.map((v) => v.version)).toEqual([1]);
    const assignments = await db
      .select({ active: reviewer.active, role: reviewer.role, status: reviewAssignment.status })
      .from(reviewAssignment)
      .innerJoin(reviewer, and(eq(reviewer.id, reviewAssignment.reviewerId), eq(reviewer.conferenceId, demo.id)))
      .where(eq(reviewAssignment.submissionId, submissions[0].id));
    expect(assignments).toEqual([{ active: true, role: 'reviewer', status: 'assigned' }]);
  });
});
