import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { conference, programmeContribution, programmeDay, programmeRoom, programmeSession, submission, submissionConfig } from './schema';
import { DEMO_SLUG, seedDemo } from './seed';
import { seedDemoProgramme } from './seed-programme';

describe.each(testBackends('both'))('the demo programme seed on %s', (backend) => {
  let database: Database;
  let uploads: string;
  let previousUploadDir: string | undefined;
  beforeAll(async () => {
    previousUploadDir = process.env.UPLOAD_DIR;
    uploads = mkdtempSync(path.join(tmpdir(), 'confhub-seed-programme-'));
    process.env.UPLOAD_DIR = uploads;
    database = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await database.close();
    if (previousUploadDir === undefined) delete process.env.UPLOAD_DIR;
    else process.env.UPLOAD_DIR = previousUploadDir;
    rmSync(uploads, { recursive: true, force: true });
  });

  it('drafts two days in three rooms: a keynote, parallel sessions of accepted abstracts, posters with boards, breaks — once', async () => {
    const { db } = database;
    const now = new Date('2026-11-24T04:00:00Z');
    expect(await seedDemo(db, now)).toBe(true);
    const [demo] = await db.select().from(conference).where(eq(conference.slug, DEMO_SLUG));
    const count = async () => ({
      rooms: (await db.select().from(programmeRoom).where(eq(programmeRoom.conferenceId, demo.id))).length,
      sessions: (await db.select().from(programmeSession).where(eq(programmeSession.conferenceId, demo.id))).length,
      contributions: (await db.select().from(programmeContribution).where(eq(programmeContribution.conferenceId, demo.id))).length,
      submissions: (await db.select().from(submission).where(eq(submission.conferenceId, demo.id))).length,
    });
    const first = await count();
    // Seeding again (both through seedDemo and directly) changes nothing.
    expect(await seedDemo(db, now)).toBe(false);
    expect(await seedDemoProgramme(db, { conferenceId: demo.id, manager: demo.createdBy! }, now)).toBe(false);
    expect(await count()).toEqual(first);
    expect(first.rooms).toBe(3);

    const days = await db.select().from(programmeDay).where(eq(programmeDay.conferenceId, demo.id)).orderBy(programmeDay.day);
    expect(days.map((d) => d.day)).toEqual([demo.startDate, days[1].day]);
    expect(Date.parse(days[1].day) - Date.parse(days[0].day)).toBe(86_400_000);

    const sessions = await db.select().from(programmeSession).where(eq(programmeSession.conferenceId, demo.id));
    const types = sessions.map((s) => s.type);
    for (const type of ['plenary', 'parallel', 'poster', 'break'] as const) expect(types).toContain(type);
    // Every session is placed, on one of the two days of the conference's zone.
    for (const s of sessions) {
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: demo.timeZone }).format(s.startsAt!);
      expect(days.map((d) => d.day)).toContain(day);
    }

    const contributions = await db.select().from(programmeContribution).where(eq(programmeContribution.conferenceId, demo.id));
    const keynote = contributions.find((c) => c.kind === 'keynote')!;
    expect(keynote.title.zh && keynote.title.en).toBeTruthy();
    expect(keynote.speakers).toHaveLength(1);
    const posterSession = sessions.find((s) => s.type === 'poster')!;
    const posters = contributions.filter((c) => c.sessionId === posterSession.id);
    expect(posters.length).toBeGreaterThan(0);
    expect(posters.map((p) => p.boardNumber)).toEqual(posters.map((_, i) => String(i + 1)));

    // The linked ones are accepted abstracts of this conference, in both languages among them.
    const linked = await db
      .select({ status: submission.status, locale: submission.locale })
      .from(programmeContribution)
      .innerJoin(submission, and(eq(submission.id, programmeContribution.submissionId), eq(submission.conferenceId, demo.id)))
      .where(and(eq(programmeContribution.conferenceId, demo.id), isNotNull(programmeContribution.submissionId)));
    expect(linked.length).toBeGreaterThanOrEqual(10);
    expect(new Set(linked.map((l) => l.status))).toEqual(new Set(['accepted']));
    expect(new Set(linked.map((l) => l.locale))).toEqual(new Set(['zh', 'en']));
    const [call] = await db.select().from(submissionConfig).where(eq(submissionConfig.conferenceId, demo.id));
    expect(call.used).toBe(first.submissions);
  });
});
