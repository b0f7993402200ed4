import { describe, expect, it } from 'vitest';
import { checkAnswers } from './answers';
import { defaultFields, type FormField } from './fields';

const valid = { name: 'Ada', email: 'ada@example.org', telephone: '+44 20 7946 0000', country: 'GB', unit: 'UCL' };
const diet = (required: boolean): FormField => ({
  key: 'custom_1',
  kind: 'custom',
  type: 'select',
  label: { zh: '饮食', en: 'Diet' },
  options: [{ value: 'veg', label: { zh: '素食', en: 'Vegetarian' } }],
  required,
  enabled: true,
  sortOrder: 200,
});
const refused = (fields: FormField[], countries: string[], raw: Record<string, unknown>) => {
  try {
    checkAnswers(fields, countries, raw);
    return null;
  } catch (error) {
    return (error as { issues: { path: PropertyKey[]; message: string }[] }).issues.map((i) => `${String(i.path[0])}:${i.message}`);
  }
};

describe('checkAnswers', () => {
  it('checks each form by its own rules, however often the forms alternate (schemas are reused per form)', () => {
    const optional = [...defaultFields(), diet(false)];
    const required = [...defaultFields(), diet(true)];
    for (let round = 0; round < 3; round++) {
      expect(refused(optional, [], valid)).toBeNull();
      expect(refused(required, [], valid)).toEqual(['custom_1:fieldRequired']);
      expect(refused(required, ['CN'], { ...valid, custom_1: 'veg' })).toEqual(['country:invalidChoice']);
      expect(refused(required, [], { ...valid, custom_1: 'veg' })).toBeNull();
    }
    expect(checkAnswers(optional, [], { ...valid, custom_1: 'veg' }).answers).toMatchObject({ custom_1: 'veg', post: '' });
  });
});
