import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as saveOptions } from '@/app/api/conference/conferenceRegUserConfig/saveOptions/route';
import type { Database } from '@/db/client';
import { callHandler, plantAccount, plantConference, type ConferenceFixture } from '@/testing/harness/conference';
import { createTestDatabase, testBackends } from '@/testing/harness/database';
import { useAsProcessDatabase } from '@/testing/harness/handlers';
import { loadFields } from './field-config';

describe.each(testBackends())('saveOptions: choice options without a value on %s', (backend) => {
  let database: Database;
  let fx: ConferenceFixture;
  let manager: string;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    useAsProcessDatabase(database);
    fx = await plantConference(database, 'optvalues');
    manager = (await plantAccount(database, fx.conferenceId, 'manager')).token;
  });
  afterAll(() => database?.close());

  const save = (body: unknown) => callHandler(saveOptions, fx, { token: manager, body: JSON.stringify(body) });
  const options = async (key: string) => (await loadFields(database.db, fx.conferenceId)).find((f) => f.key === key)?.options;

  it('accepts options sent without a value and stores a value made from each label, unique within the field', async () => {
    const res = await save({
      type: 'select',
      label: { zh: '饮食偏好', en: 'Dietary needs' },
      options: [
        { label: { zh: '素食', en: 'Vegetarian' } },
        { value: '', label: { zh: '清真', en: 'Halal' } },
        { value: 'veg', label: { zh: '纯素', en: 'Vegan' } },
        { label: { zh: '其他', en: 'Vegetarian' } },
        { label: { zh: '无', en: '无' } },
      ],
    });
    expect(res.status, res.text).toBe(200);
    const key = (res.json?.data as { key: string }).key;
    expect((await options(key))?.map((o) => o.value)).toEqual(['vegetarian', 'halal', 'veg', 'vegetarian_2', 'option_5']);

    // Editing keeps the stored values even when a label changes; a new option gets its own.
    const stored = (await options(key))!;
    const edited = await save({
      key,
      type: 'select',
      label: { zh: '饮食偏好', en: 'Dietary needs' },
      options: [
        { ...stored[0], label: { zh: '素食', en: 'Vegetarian meal' } },
        ...stored.slice(1),
        { label: { zh: '素食', en: 'Vegetarian' } },
      ],
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await options(key))?.map((o) => o.value)).toEqual(['vegetarian', 'halal', 'veg', 'vegetarian_2', 'option_5', 'vegetarian_3']);
  });

  it('still refuses two values the organiser set alike, on the options', async () => {
    const res = await save({
      type: 'radio',
      label: { zh: '甲', en: 'A' },
      options: [
        { value: 'a', label: { zh: '甲', en: 'A' } },
        { value: 'a', label: { zh: '乙', en: 'B' } },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.json?.error).toBe('INVALID_INPUT');
  });
});
