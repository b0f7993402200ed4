import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHED } from '@/lib/conferences/status';
import type { Database } from '@/db/client';
import { conference, conferenceMember, conferenceStatusEvent, mailOutbox, platformAdmin, user } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import {
  cancelPublication,
  closeConference,
  createConference,
  decidePublication,
  myConferences,
  pendingRequests,
  requestPublication,
} from './lifecycle';
import { ZCreateConference, ZDecision } from './lifecycle-schemas';

describe.each(testBackends('both'))('conference life cycle on %s', (backend) => {
  let database: Database;
  const [owner, stranger, admin] = [randomUUID(), randomUUID(), randomUUID()];
  let id: number;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    await database.db.insert(user).values([
      { id: owner, name: 'Owner', email: 'owner@example.org' },
      { id: stranger, name: 'Stranger', email: 'stranger@example.org' },
      { id: admin, name: 'Admin', email: 'admin@example.org' },
    ]);
    await database.db.insert(platformAdmin).values({ userId: admin });
  });
  afterAll(() => database?.close());

  const status = async () =>
    (await database.db.select({ status: conference.status }).from(conference).where(eq(conference.id, id)))[0].status;
  const input = {
    slug: 'Bio-2027',
    title: { zh: '生物会议', en: 'Bio Conference' },
    shortTitle: { zh: '生物', en: 'Bio' },
    languageType: 3,
  };

  it('creates a conference, not published, whose creator manages it; the slug is unique and checked', async () => {
    ({ id } = await createConference(database.db, owner, ZCreateConference.parse(input)));
    expect(await status()).toBe('1');
    expect(await database.db.select().from(conferenceMember).where(eq(conferenceMember.conferenceId, id))).toEqual([
      expect.objectContaining({ userId: owner, role: 'manager' }),
    ]);
    expect((await myConferences(database.db, owner)).map((c) => c.slug)).toEqual(['bio-2027']);
    expect(await myConferences(database.db, stranger)).toEqual([]);
    await expect(createConference(database.db, stranger, ZCreateConference.parse(input))).rejects.toMatchObject({ code: 'SLUG_TAKEN' });
    expect(ZCreateConference.safeParse({ ...input, slug: 'www' }).error?.issues[0].message).toBe('slugReserved');
    expect(ZCreateConference.safeParse({ ...input, slug: 'a b' }).error?.issues[0].message).toBe('slugInvalid');
  });

  it('only its manager requests publication; the platform administrators are told; one request at a time', async () => {
    await expect(requestPublication(database.db, { conferenceId: id, userId: stranger, locale: 'zh' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => requestPublication(database.db, { conferenceId: id, userId: owner, locale: 'en' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await status()).toBe('2');
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'admin@example.org'));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('[Publication request] Bio Conference');
    expect((await pendingRequests(database.db)).map((r) => r.slug)).toEqual(['bio-2027']);
  });

  it('the administrator rejects with a reason (back to not published), then approves a new request (published)', async () => {
    expect(ZDecision.safeParse({ approve: false }).error?.issues[0].message).toBe('reasonRequired');
    const [request] = await pendingRequests(database.db);
    await decidePublication(database.db, {
      requestId: request.id,
      adminId: admin,
      decision: ZDecision.parse({ approve: false, reason: 'Add the programme first' }),
    });
    expect(await status()).toBe('1');
    await expect(
      decidePublication(database.db, { requestId: request.id, adminId: admin, decision: ZDecision.parse({ approve: true }) }),
    ).rejects.toMatchObject({ code: 'REQUEST_DECIDED' });
    const [rejection] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'publicationRejected'));
    expect(rejection).toMatchObject({ toAddress: 'owner@example.org', locale: 'en' });
    expect(rejection.text).toContain('Add the programme first');
    expect((await myConferences(database.db, owner))[0].lastRejection).toBe('Add the programme first');

    const { requestId } = await requestPublication(database.db, { conferenceId: id, userId: owner, locale: 'zh' });
    await decidePublication(database.db, { requestId, adminId: admin, decision: ZDecision.parse({ approve: true }) });
    expect(await status()).toBe(PUBLISHED);
    const [approval] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'publicationApproved'));
    expect(approval.subject).toBe('【生物会议】会议已发布');
  });

  it("cancelling publication and closing are the manager's, and every change is logged", async () => {
    await expect(cancelPublication(database.db, { conferenceId: id, userId: stranger })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await cancelPublication(database.db, { conferenceId: id, userId: owner });
    expect(await status()).toBe('1');
    await expect(cancelPublication(database.db, { conferenceId: id, userId: owner })).rejects.toMatchObject({ code: 'NOT_PUBLISHED' });
    await closeConference(database.db, { conferenceId: id, userId: owner });
    expect(await status()).toBe('3');
    const events = await database.db
      .select()
      .from(conferenceStatusEvent)
      .where(eq(conferenceStatusEvent.conferenceId, id))
      .orderBy(conferenceStatusEvent.id);
    expect(events.map((e) => `${e.fromStatus}>${e.toStatus}`)).toEqual(['>1', '1>2', '2>1', '1>2', '2>4', '4>1', '1>3']);
  });
});
