import { describe, expect, it } from 'vitest';
import { buildAnswerSchema, defaultFields, ZFieldInput, type FormField } from './fields';

const custom = (over: Partial<FormField>): FormField => ({
  key: 'custom_1',
  kind: 'custom',
  type: 'select',
  label: { zh: '饮食', en: 'Diet' },
  options: [
    { value: 'veg', label: { zh: '素食', en: 'Vegetarian' } },
    { value: 'halal', label: { zh: '清真', en: 'Halal' } },
  ],
  required: true,
  enabled: true,
  sortOrder: 200,
  ...over,
});

const valid = { name: 'Ada', email: 'ada@example.org', telephone: '+44 20 7946 0000', country: 'GB', unit: 'UCL', post: '', comment: '' };

describe('buildAnswerSchema', () => {
  it('accepts a complete default form and fills optional blanks', () => {
    const parsed = buildAnswerSchema(defaultFields()).parse({
      name: 'Ada',
      email: 'ada@example.org',
      telephone: '+44 20 7946 0000',
      country: 'GB',
      unit: 'UCL',
    });
    expect(parsed).toMatchObject({ post: '', comment: '' });
  });
  it('names each missing required field', () => {
    const result = buildAnswerSchema(defaultFields()).safeParse({ name: '', email: 'ada@example.org' });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(paths).toEqual(
      expect.arrayContaining(['name:fieldRequired', 'telephone:fieldRequired', 'country:fieldRequired', 'unit:fieldRequired']),
    );
  });
  it('checks email, phone, date and choices', () => {
    const fields = [...defaultFields().map((f) => (f.key === 'birthDay' ? { ...f, enabled: true } : f)), custom({})];
    const schema = buildAnswerSchema(fields);
    const issues = (input: object) =>
      schema.safeParse({ ...valid, custom_1: 'veg', ...input }).error?.issues.map((i) => `${String(i.path[0])}:${i.message}`) ?? [];
    expect(issues({})).toEqual([]);
    expect(issues({ email: 'not-an-email' })).toEqual(['email:emailInvalid']);
    expect(issues({ email: 'p\u0430ypal@example.org' })).toEqual(['email:emailLookalike']);
    expect(issues({ name: 'Ada\u202eLovelace' })).toEqual(['name:nameHiddenCharacters']);
    expect(issues({ telephone: 'call me' })).toEqual(['telephone:phoneInvalid']);
    expect(issues({ birthDay: '2026-13-45' })).toEqual(['birthDay:dateInvalid']);
    expect(issues({ custom_1: 'pizza' })).toEqual(['custom_1:invalidChoice']);
    expect(issues({ country: 'XX' })).toEqual(['country:invalidChoice']);
  });
  it('offers only the restricted countries when some are chosen', () => {
    const schema = buildAnswerSchema(defaultFields(), ['CN', 'HK']);
    expect(schema.safeParse({ ...valid, country: 'GB' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, country: 'HK' }).success).toBe(true);
  });
  it('multi-choice answers are lists of offered values; disabled fields are ignored', () => {
    const schema = buildAnswerSchema([...defaultFields(), custom({ type: 'checkBox' }), custom({ key: 'custom_2', enabled: false })]);
    expect(schema.safeParse({ ...valid, custom_1: [] }).error?.issues[0].message).toBe('fieldRequired');
    expect(schema.safeParse({ ...valid, custom_1: ['veg', 'nope'] }).success).toBe(false);
    expect(schema.parse({ ...valid, custom_1: ['veg', 'halal'] })).not.toHaveProperty('custom_2');
  });
});

describe('ZFieldInput', () => {
  it('needs both names and options for choice types, with unique values', () => {
    expect(
      ZFieldInput.safeParse({ type: 'select', label: { zh: '饮食', en: '' }, options: [] }).error?.issues.map((i) => i.message),
    ).toEqual(['labelRequired', 'optionsRequired']);
    const dup = { value: 'a', label: { zh: '甲', en: 'A' } };
    expect(ZFieldInput.safeParse({ type: 'radio', label: { zh: '甲', en: 'A' }, options: [dup, dup] }).error?.issues[0].message).toBe(
      'optionsDuplicate',
    );
    expect(ZFieldInput.safeParse({ type: 'input', label: { zh: '研究方向', en: 'Research field' } }).success).toBe(true);
  });
});
