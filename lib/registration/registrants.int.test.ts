import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHED } from '@/lib/conferences/status';
import type { Database } from '@/db/client';
import { conference, conferenceRegistration, registrationConfig } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { insertAccount } from '@/lib/accounts/create-account';
import { findUserByEmail } from '@/lib/accounts/queries';
import { AppError } from '@/lib/http/app-error';
import { workbookStream } from '@/lib/exports/workbook';
import { registrantsWorkbook } from './export-registrants';
import { saveCustomField, loadFields } from './field-config';
import { addRegistrant, updateRegistrant } from './manage-registrants';
import { registerParticipant } from './register-participant';
import { allRegistrants, findRegistrant, listRegistrants, ZRegistrantQuery } from './registrants';

type Conf = typeof conference.$inferSelect;

describe.each(testBackends())('admin registrant management on %s', (backend) => {
  let database: Database;
  let conf: Conf;
  let other: Conf;
  let attendance = '';

  async function makeConference(slug: string, cap = 100): Promise<Conf> {
    const [row] = await database.db
      .insert(conference)
      .values({
        slug,
        title: { zh: '会议', en: 'Conf' },
        shortTitle: { zh: '会', en: 'C' },
        registerFlag: true,
        registerNum: cap,
        status: PUBLISHED,
      })
      .returning();
    await database.db.insert(registrationConfig).values({ conferenceId: row.id, startDate: '2000-01-01', endDate: '2999-12-31' });
    return row;
  }

  async function register(target: Conf, email: string, answers: Record<string, string | string[]>) {
    const userId = await database.db.transaction((tx) =>
      insertAccount(tx, { email, name: String(answers.name ?? email), passwordHash: 'x' }),
    );
    return registerParticipant(database.db, { conference: target, userId, answers: { ...answers, email } });
  }

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    conf = await makeConference('mgmt');
    other = await makeConference('other');
    attendance = await saveCustomField(database.db, conf.id, {
      type: 'select',
      label: { zh: '参会方式', en: 'Attendance' },
      options: [
        { value: 'onsite', label: { zh: '线下', en: 'On site' } },
        { value: 'online', label: { zh: '线上', en: 'Online' } },
      ],
      required: false,
      enabled: true,
    });
    for (let i = 1; i <= 25; i++) {
      await register(conf, `p${i}@example.org`, {
        name: `Person ${i}`,
        unit: i === 7 ? 'Fudan University' : 'Tsinghua',
        [attendance]: i % 2 ? 'onsite' : 'online',
      });
    }
    await register(other, 'stranger@example.org', { name: 'Stranger', unit: 'Fudan University' });
  });
  afterAll(() => database?.close());

  it('pages through one conference only, newest first, with the total', async () => {
    const first = await listRegistrants(database.db, { conferenceId: conf.id, timeZone: conf.timeZone, ...ZRegistrantQuery.parse({}) });
    expect(first.total).toBe(25);
    expect(first.rows).toHaveLength(20);
    const second = await listRegistrants(database.db, {
      conferenceId: conf.id,
      timeZone: conf.timeZone,
      ...ZRegistrantQuery.parse({ page: 2 }),
    });
    expect(second.rows).toHaveLength(5);
    const emails = [...first.rows, ...second.rows].map((r) => r.email);
    expect(new Set(emails).size).toBe(25);
    expect(emails).not.toContain('stranger@example.org');
  });

  it('searches name, email, code and answers; a LIKE wildcard is taken literally', async () => {
    const byAnswer = await listRegistrants(database.db, {
      conferenceId: conf.id,
      timeZone: conf.timeZone,
      ...ZRegistrantQuery.parse({ q: 'fudan' }),
    });
    expect(byAnswer.rows.map((r) => r.email)).toEqual(['p7@example.org']);
    const byCode = await listRegistrants(database.db, {
      conferenceId: conf.id,
      timeZone: conf.timeZone,
      ...ZRegistrantQuery.parse({ q: 'MGMT-0012' }),
    });
    expect(byCode.rows.map((r) => r.code)).toEqual(['MGMT-0012']);
    const wildcard = await listRegistrants(database.db, {
      conferenceId: conf.id,
      timeZone: conf.timeZone,
      ...ZRegistrantQuery.parse({ q: '%' }),
    });
    expect(wildcard.total).toBe(0);
  });

  it('filters by registration date (China time)', async () => {
    const [target] = await database.db.select().from(conferenceRegistration).where(eq(conferenceRegistration.code, 'MGMT-0003'));
    await database.db
      .update(conferenceRegistration)
      .set({ createdAt: new Date('2026-03-01T17:00:00Z') })
      .where(eq(conferenceRegistration.id, target.id)); // 2 March, 01:00 in Beijing
    const day = await listRegistrants(database.db, {
      conferenceId: conf.id,
      timeZone: conf.timeZone,
      ...ZRegistrantQuery.parse({ from: '2026-03-02', to: '2026-03-02' }),
    });
    expect(day.rows.map((r) => r.code)).toEqual(['MGMT-0003']);
    const before = await listRegistrants(database.db, {
      conferenceId: conf.id,
      timeZone: conf.timeZone,
      ...ZRegistrantQuery.parse({ to: '2026-03-01' }),
    });
    expect(before.total).toBe(0);
    expect(ZRegistrantQuery.safeParse({ from: '2026-3-1' }).success).toBe(false);
  });

  it("filters by registration day in the conference's own time zone (New York, not Beijing)", async () => {
    const [ny] = await database.db.update(conference).set({ timeZone: 'America/New_York' }).where(eq(conference.id, other.id)).returning();
    const [stranger] = await allRegistrants(database.db, { conferenceId: ny.id, timeZone: ny.timeZone });
    // 2 March 2026, 23:30 in New York: already 3 March in Beijing.
    await database.db
      .update(conferenceRegistration)
      .set({ createdAt: new Date('2026-03-03T04:30:00Z') })
      .where(eq(conferenceRegistration.id, stranger.id));
    const list = (q: Record<string, unknown>) =>
      listRegistrants(database.db, { conferenceId: ny.id, timeZone: ny.timeZone, ...ZRegistrantQuery.parse(q) });
    expect((await list({ from: '2026-03-02', to: '2026-03-02' })).rows.map((r) => r.id)).toEqual([stranger.id]);
    expect((await list({ from: '2026-03-03' })).total).toBe(0);
    expect((await list({ to: '2026-03-01' })).total).toBe(0);
    // The same instant on a Beijing conference is a 3 March registration (control).
    const beijing = await allRegistrants(database.db, {
      conferenceId: ny.id,
      timeZone: 'Asia/Shanghai',
      from: '2026-03-03',
      to: '2026-03-03',
    });
    expect(beijing.map((r) => r.id)).toEqual([stranger.id]);
    await database.db.update(conference).set({ timeZone: 'Asia/Shanghai' }).where(eq(conference.id, other.id));
  });

  it('finds a registrant only within its own conference', async () => {
    const [stranger] = await allRegistrants(database.db, {
      conferenceId: other.id,
      timeZone: other.timeZone,
      ...ZRegistrantQuery.parse({}),
    });
    expect(await findRegistrant(database.db, { conferenceId: other.id, registrationId: stranger.id })).not.toBeNull();
    expect(await findRegistrant(database.db, { conferenceId: conf.id, registrationId: stranger.id })).toBeNull();
  });

  it('adds a registrant: creates a passwordless account, or uses the existing one', async () => {
    const added = await addRegistrant(database.db, {
      conferenceId: conf.id,
      answers: { email: 'New.Guest@Example.org', name: 'New Guest', unit: 'PKU' },
    });
    expect(added.code).toBe('MGMT-0026');
    const account = await findUserByEmail(database.db, 'new.guest@example.org');
    expect(account?.name).toBe('New Guest');
    const existing = await addRegistrant(database.db, { conferenceId: other.id, answers: { email: 'p1@example.org', name: 'Person 1' } });
    const [row] = await database.db.select().from(conferenceRegistration).where(eq(conferenceRegistration.id, existing.id));
    expect(row.userId).toBe((await findUserByEmail(database.db, 'p1@example.org'))!.id);
    await expect(
      addRegistrant(database.db, { conferenceId: conf.id, answers: { email: 'p1@example.org', name: 'again' } }),
    ).rejects.toMatchObject({ code: 'ALREADY_REGISTERED' });
  });

  it('adding to a full conference writes nothing, not even the account', async () => {
    const tiny = await makeConference('tiny', 1);
    await addRegistrant(database.db, { conferenceId: tiny.id, answers: { email: 'first@example.org', name: 'First' } });
    const error = await addRegistrant(database.db, { conferenceId: tiny.id, answers: { email: 'late@example.org', name: 'Late' } }).catch(
      (e: unknown) => e,
    );
    expect((error as AppError).code).toBe('REGISTRATION_FULL');
    expect(await findUserByEmail(database.db, 'late@example.org')).toBeNull();
    const [{ n }] = await database.db
      .select({ n: count() })
      .from(conferenceRegistration)
      .where(eq(conferenceRegistration.conferenceId, tiny.id));
    expect(n).toBe(1);
  });

  it('corrects answers but keeps the email, and never touches another conference', async () => {
    const [target] = await allRegistrants(database.db, {
      conferenceId: conf.id,
      timeZone: conf.timeZone,
      ...ZRegistrantQuery.parse({ q: 'p2@example.org' }),
    });
    await updateRegistrant(database.db, {
      conferenceId: conf.id,
      id: target.id,
      answers: { name: 'Person Two', email: 'p2@example.org', unit: 'CAS' },
    });
    expect((await findRegistrant(database.db, { conferenceId: conf.id, registrationId: target.id }))!.answers).toMatchObject({
      name: 'Person Two',
      unit: 'CAS',
      email: 'p2@example.org',
    });
    await expect(
      updateRegistrant(database.db, { conferenceId: conf.id, id: target.id, answers: { name: 'X', email: 'other@example.org' } }),
    ).rejects.toMatchObject({ code: 'EMAIL_MISMATCH' });
    await expect(updateRegistrant(database.db, { conferenceId: other.id, id: target.id, answers: { name: 'X' } })).rejects.toMatchObject({
      code: 'REGISTRANT_NOT_FOUND',
    });
    expect((await findRegistrant(database.db, { conferenceId: conf.id, registrationId: target.id }))!.answers.name).toBe('Person Two');
  });

  it('exports every enabled field, custom ones too, in the admin language', async () => {
    const fields = await loadFields(database.db, conf.id);
    const rows = await allRegistrants(database.db, { conferenceId: conf.id, timeZone: conf.timeZone, ...ZRegistrantQuery.parse({}) });
    for (const [locale, header, onsite] of [
      ['en', 'Attendance', 'On site'],
      ['zh', '参会方式', '线下'],
    ] as const) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await new Response(workbookStream(registrantsWorkbook(fields, rows, locale, 'C'))).arrayBuffer());
      const sheet = workbook.worksheets[0];
      const headers = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(headers).toContain(header);
      expect(headers[0]).toBe(locale === 'en' ? 'Registration number' : '注册号');
      expect(sheet.rowCount).toBe(rows.length + 1);
      const column = headers.indexOf(header) + 1;
      const first = sheet.getRow(2);
      expect(first.getCell(1).value).toBe('MGMT-0001');
      expect(first.getCell(4).type).toBe(ExcelJS.ValueType.Date);
      expect(first.getCell(column).value).toBe(onsite);
    }
  });
});
