import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHED } from '@/lib/conferences/status';
import type { Database } from '@/db/client';
import { conference, conferenceRegistration, registrationConfig, registrationField, user } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { findBasicConfig, saveBasicConfig } from './basic-config';
import { activeVersion, loadFields, saveCustomField } from './field-config';
import { ZFieldInput } from './fields';
import { registerParticipant } from './register-participant';
import { deleteRule, listRules, saveRule, useRule, ZRule } from './rule-versions';

describe.each(testBackends())('registration rule versions on %s', (backend) => {
  let database: Database;
  let conf: typeof conference.$inferSelect;
  const people = [randomUUID(), randomUUID()];

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    [conf] = await database.db
      .insert(conference)
      .values({
        slug: 'ver',
        title: { zh: '会', en: 'C' },
        shortTitle: { zh: '会', en: 'C' },
        status: PUBLISHED,
        registerFlag: true,
        registerNum: 300,
      })
      .returning();
    await database.db.insert(registrationConfig).values({ conferenceId: conf.id, startDate: '2000-01-01', endDate: '2999-12-31' });
    await database.db.insert(user).values(people.map((id, i) => ({ id, name: `p${i}`, email: `p${i}@example.org` })));
    await saveCustomField(database.db, conf.id, ZFieldInput.parse({ type: 'input', label: { zh: '学号', en: 'Student number' } }));
  });
  afterAll(() => database?.close());

  const fresh = async () => (await database.db.select().from(conference).where(eq(conference.id, conf.id)))[0];

  it('lists the version in use from the live values before any version was saved', async () => {
    const rules = await listRules(database.db, conf.id);
    expect(rules).toEqual([
      expect.objectContaining({ version: 'default', active: true, startDate: '2000-01-01', registerFlag: true, registerNum: 300 }),
    ]);
  });

  it('a new version copies the form in use; its form is designed on its own', async () => {
    const result = await saveRule(
      database.db,
      conf.id,
      ZRule.parse({
        version: 'onsite',
        startDate: '2000-01-01',
        endDate: '2999-12-31',
        ruleType: 'PAY_FIRST_AND_SUBMIT_LATER',
        costsSet: false,
        registerFlag: true,
        registerNum: 1,
        codePrefix: 'ONS-',
        description: { zh: '现场注册', en: 'On-site registration' },
      }),
    );
    expect(result).toEqual({ version: 'onsite', created: true });
    const copied = await loadFields(database.db, conf.id, 'onsite');
    expect(copied.map((f) => f.key)).toContain('custom_1');
    await saveCustomField(database.db, conf.id, ZFieldInput.parse({ type: 'input', label: { zh: '到达时间', en: 'Arrival' } }), 'onsite');
    expect((await loadFields(database.db, conf.id, 'onsite')).map((f) => f.key)).toContain('custom_2');
    expect((await loadFields(database.db, conf.id, 'default')).map((f) => f.key)).not.toContain('custom_2');
    expect(await activeVersion(database.db, conf.id)).toBe('default');
  });

  it('using a version makes its values live; registrations carry it; switching back restores the old values', async () => {
    await useRule(database.db, conf.id, 'onsite');
    expect(await activeVersion(database.db, conf.id)).toBe('onsite');
    const live = await findBasicConfig(database.db, conf.id);
    expect(live).toMatchObject({ ruleType: 'PAY_FIRST_AND_SUBMIT_LATER', registerNum: 1, codePrefix: 'ONS-' });
    const { code } = await registerParticipant(database.db, { conference: await fresh(), userId: people[0] });
    expect(code).toBe('ONS-0001');
    const [row] = await database.db.select().from(conferenceRegistration).where(eq(conferenceRegistration.userId, people[0]));
    expect(row.version).toBe('onsite');
    // The cap of the version in use applies.
    await expect(registerParticipant(database.db, { conference: await fresh(), userId: people[1] })).rejects.toMatchObject({
      code: 'REGISTRATION_FULL',
    });

    await useRule(database.db, conf.id, 'default');
    expect(await findBasicConfig(database.db, conf.id)).toMatchObject({
      ruleType: 'REGISTER_FIRST_AND_PAY_LATER',
      registerNum: 300,
      codePrefix: '',
    });
    const rules = await listRules(database.db, conf.id);
    expect(rules.find((r) => r.version === 'onsite')).toMatchObject({
      active: false,
      registerNum: 1,
      description: { en: 'On-site registration' },
    });
  });

  it('the basics edit the version in use, and its stored row follows', async () => {
    const basic = await findBasicConfig(database.db, conf.id);
    await saveBasicConfig(database.db, conf.id, { ...basic, registerNum: 250, codePrefix: 'VER-' });
    const rules = await listRules(database.db, conf.id);
    expect(rules.find((r) => r.active)).toMatchObject({ version: 'default', registerNum: 250, codePrefix: 'VER-' });
    await useRule(database.db, conf.id, 'onsite');
    await useRule(database.db, conf.id, 'default');
    expect(await findBasicConfig(database.db, conf.id)).toMatchObject({ registerNum: 250, codePrefix: 'VER-' });
  });

  it('the version in use, or one registrations were made under, cannot be deleted; another goes with its form', async () => {
    await expect(deleteRule(database.db, conf.id, 'default')).rejects.toMatchObject({ code: 'VERSION_IN_USE' });
    await expect(deleteRule(database.db, conf.id, 'onsite')).rejects.toMatchObject({ code: 'VERSION_IN_USE' });
    await saveRule(
      database.db,
      conf.id,
      ZRule.parse({
        version: 'draft',
        startDate: '2026-01-01',
        endDate: '2026-02-01',
        ruleType: 'REGISTER_FIRST_AND_PAY_LATER',
        costsSet: true,
        registerFlag: false,
        registerNum: 1000,
      }),
    );
    await deleteRule(database.db, conf.id, 'draft');
    expect((await listRules(database.db, conf.id)).map((r) => r.version)).toEqual(['default', 'onsite']);
    expect(
      await database.db
        .select()
        .from(registrationField)
        .where(and(eq(registrationField.conferenceId, conf.id), eq(registrationField.version, 'draft'))),
    ).toHaveLength(0);
    await expect(useRule(database.db, conf.id, 'draft')).rejects.toMatchObject({ code: 'VERSION_NOT_FOUND' });
    expect(
      ZRule.safeParse({
        version: 'bad name',
        startDate: '2026-01-02',
        endDate: '2026-01-01',
        ruleType: 'REGISTER_FIRST_AND_PAY_LATER',
        costsSet: true,
        registerFlag: false,
        registerNum: 1,
      }).error?.issues.map((i) => i.message),
    ).toEqual(['versionInvalid', 'dateOrder']);
  });
});
