import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { unit } from '@/db/schema';
import { createTestDatabase, insertTestConference, testBackends } from '@/testing/harness/database';
import { apiRequest, useAsProcessDatabase } from '@/testing/harness/handlers';
import { POST as findByQuery } from '@/app/api/home/company/findByQuery/route';
import { HIDDEN_UNIT_ID, type UnitPage } from './units';

/**
 * The unit list (spec §7 /home/company/findByQuery, §9): seeded by migration in every database,
 * open to anonymous callers, paged with a validated page and size, and never listing id 153.
 */
describe.each(testBackends())('the unit list on %s', (backend) => {
  let database: Database;

  const ask = async (body: unknown) => {
    const res = await findByQuery(
      apiRequest('/api/home/company/findByQuery', { method: 'POST', host: 'units.localhost', body: JSON.stringify(body) }),
      {
        params: Promise.resolve({}),
      },
    );
    const json = (await res.json()) as { code: number; error?: string; data: UnitPage };
    return { status: res.status, error: json.error, data: json.data };
  };

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    await insertTestConference(database.db, 'units');
  });
  afterAll(() => database?.close());

  it('the migration seeds the list with zh and en names; the placeholder 153 is there but never listed', async () => {
    const [placeholder] = await database.db.select().from(unit).where(eq(unit.id, HIDDEN_UNIT_ID));
    expect(placeholder).toBeDefined();
    const answer = await ask({ page: 1, size: 99999 });
    expect(answer.status).toBe(200);
    const { records, total } = answer.data;
    expect(records.length).toBeGreaterThanOrEqual(100);
    expect(total).toBe(records.length);
    expect(records.map((r) => r.id)).not.toContain(HIDDEN_UNIT_ID);
    expect(records.every((r) => r.zhTitle.trim() && r.enTitle.trim())).toBe(true);
    expect(records.find((r) => r.id === 1)).toEqual({ id: 1, zhTitle: '清华大学', enTitle: 'Tsinghua University' });
    expect(records.find((r) => r.id === 4)?.enTitle).toBe('Computer Network Information Center, CAS');
    // Ids are stable and in order.
    expect(records.map((r) => r.id)).toEqual([...records.map((r) => r.id)].sort((a, b) => a - b));
  });

  it('pages by page and size, skipping 153 without a gap in a page', async () => {
    const third = await ask({ page: 4, size: 50 });
    expect(third.status).toBe(200);
    expect(third.data.records.map((r) => r.id)).toEqual([151, 152, 154, 155, 156, 157, 158, 159, 160]);
    expect(third.data).toMatchObject({ page: 4, size: 50 });
    expect((await ask({})).data.records.length).toBe(third.data.total);
  });

  it('a bad page or size is refused with 400 and a clear message', async () => {
    for (const body of [
      { page: 0, size: 10 },
      { page: 1, size: 0 },
      { page: 1, size: 100000 },
      { page: 'one', size: 10 },
      { page: 1.5 },
      { page: 2 ** 40 },
      [],
    ]) {
      const answer = await ask(body);
      expect([answer.status, answer.error], JSON.stringify(body)).toEqual([400, 'INVALID_INPUT']);
    }
  });
});
