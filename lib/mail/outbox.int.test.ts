import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { enqueueMail } from './outbox';
import type { MailTransport, OutgoingMail } from './transport';
import { drainOutbox, MAX_ATTEMPTS } from './worker';

function recordingTransport(failFirst = 0): MailTransport & { sent: OutgoingMail[] } {
  let failures = failFirst;
  const sent: OutgoingMail[] = [];
  return {
    describe: 'memory',
    sent,
    send: async (mail) => {
      if (failures > 0) {
        failures--;
        throw new Error('smtp down');
      }
      await new Promise((r) => setTimeout(r, 5));
      sent.push(mail);
    },
  };
}

describe.each(testBackends('both'))('mail outbox on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(() => database?.close());

  const queue = (to: string) =>
    enqueueMail(database.db, {
      conferenceId: null,
      to,
      template: 'registerCode',
      locale: 'zh',
      vars: { code: '123456', conference: '会', minutes: 10 },
    });

  it('a mail queued in a transaction that rolls back never exists', async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueueMail(tx, {
          conferenceId: null,
          to: 'rollback@example.org',
          template: 'registerCode',
          locale: 'en',
          vars: { code: '1', conference: 'C', minutes: 1 },
        });
        throw new Error('abort');
      })
      .catch(() => undefined);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'rollback@example.org'))).toHaveLength(0);
  });

  it('retries with backoff after a failure, then sends once', async () => {
    const id = await queue('retry@example.org');
    const transport = recordingTransport(1);
    expect(await drainOutbox(database.db, transport)).toEqual({ sent: 0, failed: 1 });
    let [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(await drainOutbox(database.db, transport)).toEqual({ sent: 0, failed: 0 });

    await database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    expect(await drainOutbox(database.db, transport)).toEqual({ sent: 1, failed: 0 });
    [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row.status).toBe('sent');
    expect(transport.sent.map((m) => m.to)).toEqual(['retry@example.org']);
    expect(await drainOutbox(database.db, transport)).toEqual({ sent: 0, failed: 0 });
  });

  it('gives up after the last attempt', async () => {
    const id = await queue('dead@example.org');
    await database.db
      .update(mailOutbox)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, id));
    await drainOutbox(database.db, recordingTransport(1));
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row.status).toBe('failed');
    expect(row.lastError).toContain('smtp down');
  });

  it('two workers draining at once send every mail exactly once', async () => {
    const addresses = Array.from({ length: 30 }, (_, i) => `many${i}@example.org`);
    for (const address of addresses) await queue(address);
    const transport = recordingTransport();
    await Promise.all([drainOutbox(database.db, transport), drainOutbox(database.db, transport), drainOutbox(database.db, transport)]);
    await drainOutbox(database.db, transport);
    const sentTo = transport.sent.map((m) => m.to).filter((to) => to.startsWith('many'));
    expect(sentTo.sort()).toEqual([...addresses].sort());
  });

  it('without SMTP the mail is held, not lost', async () => {
    const id = await queue('held@example.org');
    await drainOutbox(database.db, null);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row.status).toBe('held');
  });
});
