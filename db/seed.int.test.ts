import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { hotelBookingState } from '@/lib/hotel/schemas';
import {
  conference,
  downloadMaterial,
  feedback,
  feedbackReply,
  hotel,
  hotelBooking,
  hotelConfig,
  hotelRoomType,
  notice,
  reviewAssignment,
  reviewer,
  submission,
  submissionConfig,
  submissionVersion,
} from './schema';
import { DEMO_SLUG, seedDemo } from './seed';
import { badgeSettingsOf } from '@/lib/badges/badge-pdf';
import { certificateSettingsOf } from '@/lib/certificates/certificates';
import { ZCertificateSettings } from '@/lib/certificates/settings-schema';

describe.each(testBackends('both'))('the demo seed on %s', (backend) => {
  let database: Database;
  let uploads: string;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    uploads = mkdtempSync(path.join(tmpdir(), 'confhub-seed-'));
    process.env.UPLOAD_DIR = uploads;
  });
  afterAll(async () => {
    await database.close();
    rmSync(uploads, { recursive: true, force: true });
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
    const all = await db.select().from(submission).where(eq(submission.conferenceId, demo.id)).orderBy(submission.id);
    // The first waits for its review; the accepted ones fill the demo's programme (db/seed-programme.ts).
    const submissions = all.filter((s) => s.status !== 'accepted');
    expect(submissions.map((s) => s.status)).toEqual(['assigned']);
    expect(call.used).toBe(all.length);
    const versions = await db.select().from(submissionVersion).where(eq(submissionVersion.submissionId, submissions[0].id));
    expect(versions.map((v) => v.version)).toEqual([1]);
    const assignments = await db
      .select({ active: reviewer.active, role: reviewer.role, status: reviewAssignment.status })
      .from(reviewAssignment)
      .innerJoin(reviewer, and(eq(reviewer.id, reviewAssignment.reviewerId), eq(reviewer.conferenceId, demo.id)))
      .where(eq(reviewAssignment.submissionId, submissions[0].id));
    expect(assignments).toEqual([{ active: true, role: 'reviewer', status: 'assigned' }]);
  });

  it('opens hotel booking with one four-star hotel and two room types around the conference dates, once', async () => {
    const { db } = database;
    const now = new Date('2026-11-24T04:00:00Z');
    const [demo] = await db.select().from(conference).where(eq(conference.slug, DEMO_SLUG));
    const check = async () => {
      const [config] = await db.select().from(hotelConfig).where(eq(hotelConfig.conferenceId, demo.id));
      expect(config.currency).toBe('CNY');
      expect(
        hotelBookingState(
          { enabled: config.enabled, bookingStart: config.bookingStart ?? '', bookingEnd: config.bookingEnd ?? '' },
          '2026-11-24',
        ),
      ).toBe('open');
      expect(config.bookingEnd! < demo.startDate!).toBe(true);
      const hotels = await db.select().from(hotel).where(eq(hotel.conferenceId, demo.id));
      expect(hotels).toHaveLength(1);
      expect(hotels[0]).toMatchObject({
        stars: 4,
        archived: false,
        name: { zh: '中关村国际会议酒店', en: 'Zhongguancun International Conference Hotel' },
      });
      expect(hotels[0].address.zh && hotels[0].address.en && hotels[0].link).toBeTruthy();
      const rooms = await db.select().from(hotelRoomType).where(eq(hotelRoomType.conferenceId, demo.id)).orderBy(hotelRoomType.sortOrder);
      expect(rooms.map((r) => r.name.en)).toEqual(['King room', 'Twin room']);
      for (const r of rooms) {
        expect(r).toMatchObject({ hotelId: hotels[0].id, currency: 'CNY', priceStale: false, archived: false });
        expect(r.priceMinor).toBeGreaterThan(0);
        expect(r.totalRooms).toBeGreaterThanOrEqual(r.maxPerPerson);
        // Bookable from the night before the conference to the morning after it.
        expect(r.checkInStart < demo.startDate! && r.checkInEnd > demo.endDate!).toBe(true);
      }
      expect(await db.select().from(hotelBooking).where(eq(hotelBooking.conferenceId, demo.id))).toEqual([]);
    };
    await check();
    expect(await seedDemo(db, now)).toBe(false);
    await check();
    // A demo seeded before hotels existed gets them on the next seed.
    await db.delete(hotelRoomType).where(eq(hotelRoomType.conferenceId, demo.id));
    await db.delete(hotel).where(eq(hotel.conferenceId, demo.id));
    await db.delete(hotelConfig).where(eq(hotelConfig.conferenceId, demo.id));
    expect(await seedDemo(db, now)).toBe(false);
    await check();
  });

  it('publishes one pinned notice and offers the programme as a real PDF to the registrants, once', async () => {
    const { db } = database;
    const [demo] = await db.select().from(conference).where(eq(conference.slug, DEMO_SLUG));
    expect(await seedDemo(db)).toBe(false);
    const notices = await db.select().from(notice).where(eq(notice.conferenceId, demo.id));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ pinned: true, title: { zh: '欢迎参加 2026 科学数据大会', en: 'Welcome to SciData 2026' } });
    expect(notices[0].publishedAt).not.toBeNull();
    const materials = await db.select().from(downloadMaterial).where(eq(downloadMaterial.conferenceId, demo.id));
    expect(materials).toHaveLength(1);
    expect(materials[0]).toMatchObject({
      audience: 'registrants',
      file: { oriName: 'SciData-2026-programme.pdf', mime: 'application/pdf' },
    });
    const bytes = readFileSync(path.join(uploads, String(demo.id), 'files', materials[0].file.name));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.byteLength).toBe(materials[0].file.size);
  });

  it('gives the demo participant feedback in both languages, one answered with a reply still unread, once', async () => {
    const { db } = database;
    await seedDemo(db);
    const [demo] = await db.select({ id: conference.id }).from(conference).where(eq(conference.slug, DEMO_SLUG));
    const rows = await db.select().from(feedback).where(eq(feedback.conferenceId, demo.id)).orderBy(feedback.id);
    expect(rows.map((f) => [f.locale, f.status])).toEqual([
      ['zh', 'replied'],
      ['en', 'open'],
    ]);
    const replies = await db.select().from(feedbackReply).where(eq(feedbackReply.conferenceId, demo.id));
    expect(replies.map((r) => [r.feedbackId, r.readAt])).toEqual([[rows[0].id, null]]);
  });

  it('gives the demo a badge layout with a colour per registration fee and a certificate text whose placeholders are known', async () => {
    const { db } = database;
    await seedDemo(db, new Date('2026-11-24T04:00:00Z'));
    const [demo] = await db.select({ id: conference.id }).from(conference).where(eq(conference.slug, DEMO_SLUG));
    const settings = await badgeSettingsOf(db, demo.id);
    expect(settings).toMatchObject({ size: 'A6', perSheet: 2, cutMarks: true });
    expect(settings.colours).toHaveLength(3);
    const text = await certificateSettingsOf(db, demo.id);
    expect(ZCertificateSettings.safeParse({ title: text!.title, body: text!.body, signatory: text!.signatory }).success).toBe(true);
    expect(text!.body.zh).toContain('{name}');
  });
});
