import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { conference, conferenceRegistration, registrationConfig, user } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/db/testing';
import { hitRateLimit } from '@/lib/accounts/rate-limit';
import { AppError } from '@/lib/http/app-error';
import { registerParticipant } from './register-participant';

const CAP = 10;
const CONTENDERS = 60;

describe.each(testBackends())('registration capacity on %s', (backend) => {
  let database: Database;
  let conf: typeof conference.$inferSelect;
  const users: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    [conf] = await database.db
      .insert(conference)
      .values({ slug: 'cap', title: { zh: '会', en: 'C' }, shortTitle: { zh: '会', en: 'C' }, registerFlag: true, registerNum: CAP, status: '4' })
      .returning();
    await database.db.insert(registrationConfig).values({ conferenceId: conf.id, startDate: '2000-01-01', endDate: '2999-12-31' });
    for (let i = 0; i < CONTENDERS; i++) {
      const id = randomUUID();
      users.push(id);
      await database.db.insert(user).values({ id, name: `u${i}`, email: `u${i}@example.org` });
    }
  });
  afterAll(() => database?.close());

  it(`${CONTENDERS} concurrent registrations against a cap of ${CAP}: exactly ${CAP} succeed, the rest are told it is full`, async () => {
    const results = await Promise.allSettled(users.map((userId) => registerParticipant(database.db, { conference: conf, userId })));
    const ok = results.filter((r) => r.status === 'fulfilled');
    const full = results.filter((r) => r.status === 'rejected' && (r.reason as AppError).code === 'REGISTRATION_FULL');
    expect(ok).toHaveLength(CAP);
    expect(full).toHaveLength(CONTENDERS - CAP);
    const [{ n }] = await database.db.select({ n: count() }).from(conferenceRegistration).where(eq(conferenceRegistration.conferenceId, conf.id));
    expect(n).toBe(CAP);
    const codes = (ok as PromiseFulfilledResult<{ code: string }>[]).map((r) => r.value.code).sort();
    expect(new Set(codes).size).toBe(CAP);
    expect(codes[0]).toBe('CAP-0001');
  });

  it('one registration per account, even when it clicks twice at once', async () => {
    await database.db.update(conference).set({ registerNum: 1000 }).where(eq(conference.id, conf.id));
    const [fresh] = await database.db.select().from(conference).where(eq(conference.id, conf.id));
    const userId = users[CONTENDERS - 1];
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => registerParticipant(database.db, { conference: fresh, userId })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').every((r) => (r as PromiseRejectedResult).reason.code === 'ALREADY_REGISTERED')).toBe(true);
  });

  it('outside the window, or with the module off, nothing is written', async () => {
    const before = new Date('1999-06-01T00:00:00Z');
    await expect(registerParticipant(database.db, { conference: conf, userId: users[0], now: before })).rejects.toMatchObject({ code: 'REGISTRATION_CLOSED' });
    await expect(registerParticipant(database.db, { conference: { ...conf, registerModuleEnabled: false }, userId: users[0] })).rejects.toMatchObject({ code: 'MODULE_OFF' });
  });

  it('rate limits count across concurrent callers', async () => {
    const limit = { max: 5, windowSeconds: 60 };
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => hitRateLimit(database.db, 'test:key', limit)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
  });
});
