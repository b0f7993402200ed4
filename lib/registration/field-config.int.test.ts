import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { and, eq } from 'drizzle-orm';
import { conference, registrationField } from '@/db/schema';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { deleteCustomField, loadFields, moveField, saveCommonSwitches, saveCustomField } from './field-config';
import { ZFieldInput } from './fields';

describe.each(testBackends())('registration form configuration on %s', (backend) => {
  let database: Database;
  let a: number;
  let b: number;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    const make = (slug: string) =>
      database.db
        .insert(conference)
        .values({ slug, title: { zh: slug, en: slug }, shortTitle: { zh: slug, en: slug } })
        .returning();
    a = (await make('a'))[0].id;
    b = (await make('b'))[0].id;
  });
  afterAll(() => database?.close());

  const diet = ZFieldInput.parse({
    type: 'select',
    label: { zh: '饮食', en: 'Diet' },
    options: [{ value: 'veg', label: { zh: '素食', en: 'Vegetarian' } }],
    required: true,
  });

  it('adds custom items with their own keys, for this conference only', async () => {
    expect(await saveCustomField(database.db, a, diet)).toBe('custom_1');
    expect(await saveCustomField(database.db, a, { ...diet, label: { zh: '研究方向', en: 'Field' }, type: 'input', options: [] })).toBe(
      'custom_2',
    );
    const fields = await loadFields(database.db, a);
    expect(fields.map((f) => f.key).slice(-2)).toEqual(['custom_1', 'custom_2']);
    expect((await loadFields(database.db, b)).some((f) => f.kind === 'custom')).toBe(false);
  });

  it('edits, moves and deletes custom items; another conference cannot touch them', async () => {
    await saveCustomField(database.db, a, { ...diet, key: 'custom_1', label: { zh: '饮食偏好', en: 'Dietary needs' } });
    expect((await loadFields(database.db, a)).find((f) => f.key === 'custom_1')?.label.en).toBe('Dietary needs');
    await expect(saveCustomField(database.db, b, { ...diet, key: 'custom_1' })).rejects.toMatchObject({ code: 'FIELD_NOT_FOUND' });
    await moveField(database.db, a, 'custom_2', 'up');
    expect((await loadFields(database.db, a)).map((f) => f.key).slice(-2)).toEqual(['custom_2', 'custom_1']);
    await expect(deleteCustomField(database.db, b, 'custom_2')).rejects.toMatchObject({ code: 'FIELD_NOT_FOUND', status: 404 });
    await deleteCustomField(database.db, a, 'custom_2');
    expect((await loadFields(database.db, a)).some((f) => f.key === 'custom_2')).toBe(false);
  });

  it('deleting an item that does not exist answers 404 and writes nothing, not even the default form', async () => {
    const [{ id: fresh }] = await database.db
      .insert(conference)
      .values({ slug: 'fresh', title: { zh: 'f', en: 'f' }, shortTitle: { zh: 'f', en: 'f' } })
      .returning();
    await expect(deleteCustomField(database.db, fresh, 'custom_999')).rejects.toMatchObject({ code: 'FIELD_NOT_FOUND', status: 404 });
    expect(await database.db.select().from(registrationField).where(eq(registrationField.conferenceId, fresh))).toEqual([]);
  });

  it('switches common items; name and email stay on, common items cannot be deleted', async () => {
    await saveCommonSwitches(database.db, a, 'gender', { enabled: true, required: true });
    expect((await loadFields(database.db, a)).find((f) => f.key === 'gender')).toMatchObject({ enabled: true, required: true });
    await expect(saveCommonSwitches(database.db, a, 'email', { enabled: false, required: false })).rejects.toMatchObject({
      code: 'FIELD_LOCKED',
    });
    await expect(deleteCustomField(database.db, a, 'telephone')).rejects.toMatchObject({ code: 'FIELD_NOT_DELETABLE' });
  });

  it('offers the 15 common items; one a stored form never had joins it switched off, and can be switched on', async () => {
    expect((await loadFields(database.db, b)).filter((f) => f.kind === 'common')).toHaveLength(15);
    // A form stored before the photo item existed.
    await database.db.delete(registrationField).where(and(eq(registrationField.conferenceId, a), eq(registrationField.fieldKey, 'photo')));
    const photo = (await loadFields(database.db, a)).find((f) => f.key === 'photo');
    expect(photo).toMatchObject({ kind: 'common', type: 'file', enabled: false });
    await saveCommonSwitches(database.db, a, 'photo', { enabled: true, required: true });
    expect((await loadFields(database.db, a)).find((f) => f.key === 'photo')).toMatchObject({ enabled: true, required: true });
    expect(
      await database.db
        .select()
        .from(registrationField)
        .where(and(eq(registrationField.conferenceId, a), eq(registrationField.fieldKey, 'photo'))),
    ).toHaveLength(1);
  });
});
