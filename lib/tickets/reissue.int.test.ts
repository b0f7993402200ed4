import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conferenceRegistration, ticket } from '@/db/schema';
import { POST as reissuePost } from '@/app/api/conference/manage/user/ticket/reissue/route';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { callHandler, plantAccount, plantConference, type Account, type ConferenceFixture } from '@/testing/harness/conference';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { issueTicket } from './issue-ticket';
import { verifyTicketToken } from './verify-ticket';

/**
 * The manager's reissue through its handler: only a manager of the registrant's own conference may, the old token is
 * then refused as superseded and the new one accepted; the answer never carries a token.
 */
describe.each(testBackends())('ticket reissue on %s', (backend) => {
  let database: Database;
  let fx: ConferenceFixture;
  let other: ConferenceFixture;
  let manager: Account;
  let otherManager: Account;
  let holder: Account;
  let registrationId: number;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantConference(database, `tixre-${backend}`);
    other = await plantConference(database, `tixre-other-${backend}`);
    manager = await plantAccount(database, fx.conferenceId, 'manager');
    otherManager = await plantAccount(database, other.conferenceId, 'manager');
    holder = await plantAccount(database, fx.conferenceId);
    const [reg] = await database.db
      .insert(conferenceRegistration)
      .values({ conferenceId: fx.conferenceId, userId: holder.userId, code: 'RE-0001', answers: { name: '赵六' } })
      .returning();
    registrationId = reg.id;
  });
  afterAll(async () => {
    await database?.close();
  });

  const reissue = (conf: ConferenceFixture, token: string, id = registrationId) =>
    callHandler(reissuePost, conf, { token, body: JSON.stringify({ registrationId: id }) });

  it('lets only this conference’s managers reissue, and refuses the old token afterwards', async () => {
    const first = (await issueTicket(database.db, { conferenceId: fx.conferenceId, registrationId }))!;
    expect((await reissue(fx, holder.token)).status).toBe(403);
    // Another conference's manager, on their own host, cannot reach this registration.
    expect((await reissue(other, otherManager.token)).status).toBe(404);
    expect(await verifyTicketToken(database.db, fx.conferenceId, first.token)).toMatchObject({ ok: true });

    const answer = await reissue(fx, manager.token);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json?.data).toEqual({ registrationId, generation: 2 });
    expect(answer.text).not.toContain(first.ticket.nonce);
    expect(await verifyTicketToken(database.db, fx.conferenceId, first.token)).toEqual({ ok: false, reason: 'superseded' });
    const current = (await issueTicket(database.db, { conferenceId: fx.conferenceId, registrationId }))!;
    expect(current.ticket.generation).toBe(2);
    expect(await verifyTicketToken(database.db, fx.conferenceId, current.token)).toMatchObject({ ok: true });
    const rows = await database.db.select().from(ticket).where(eq(ticket.registrationId, registrationId));
    expect(rows.map((r) => [r.generation, r.revokedAt !== null, r.revokedBy])).toEqual(
      expect.arrayContaining([
        [1, true, manager.userId],
        [2, false, null],
      ]),
    );
    expect((await reissue(fx, manager.token, 999999)).status).toBe(404);
  });
});
