import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { rolesFor } from '@/lib/auth/roles';
import { openCheckinLists } from '@/lib/onsite/lists';
import { liveTicket } from '@/lib/tickets/issue-ticket';
import { conference, conferenceRegistration, user } from './schema';
import { DEMO_ACCOUNTS, DEMO_SLUG, demoLoginsText, seedDemo } from './seed';
import { DEMO_ATTENDEES, seedDemoRegistrants } from './seed-attendees';

describe.each(testBackends('both'))('the demo door on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  }, 120_000);
  afterAll(() => database?.close());

  it('gives the demo a check-in staff login, a door and a banquet list, and registrants with tickets, once', async () => {
    const { db } = database;
    expect(await seedDemo(db)).toBe(true);
    await seedDemoRegistrants(db);
    await seedDemoRegistrants(db);
    expect(await seedDemo(db)).toBe(false);
    const [demo] = await db.select().from(conference).where(eq(conference.slug, DEMO_SLUG));
    const [staff] = await db.select().from(user).where(eq(user.email, DEMO_ACCOUNTS.checkinStaff.email));
    expect(await rolesFor(db, staff.id, demo.id)).toMatchObject({ checkin: true, manager: false });
    expect((await openCheckinLists(db, { conferenceId: demo.id })).map((l) => l.kind)).toEqual(['door', 'fee']);
    const registrations = await db.select().from(conferenceRegistration).where(eq(conferenceRegistration.conferenceId, demo.id));
    expect(registrations).toHaveLength(DEMO_ATTENDEES.length);
    for (const r of registrations) expect(await liveTicket(db, { conferenceId: demo.id, registrationId: r.id })).not.toBeNull();
    expect(demoLoginsText(3000)).toContain(`checkinStaff   ${DEMO_ACCOUNTS.checkinStaff.email}`);
    expect(demoLoginsText(3000)).toContain(DEMO_ACCOUNTS.attendee.email);
  });
});
