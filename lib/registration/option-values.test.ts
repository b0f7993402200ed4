import { describe, expect, it } from 'vitest';
import { ZFieldInput } from './fields';
import { optionValueFrom, withOptionValues } from './option-values';

const option = (en: string, zh = '选项', value?: string) => ({ ...(value === undefined ? {} : { value }), label: { zh, en } });

describe('choice option values made from their labels', () => {
  it('makes a value from the English name: lower case, letters and digits joined by _', () => {
    expect(optionValueFrom({ zh: '素食', en: 'Vegetarian meal' })).toBe('vegetarian_meal');
    expect(optionValueFrom({ zh: '', en: '  Café & Crème 2026!' })).toBe('cafe_creme_2026');
    expect(optionValueFrom({ zh: '清真', en: '清真' })).toBe('');
    expect(optionValueFrom({ zh: '', en: 'x'.repeat(80) })).toHaveLength(40);
  });

  it('keeps a value the organiser set and fills only the empty ones', () => {
    expect(
      withOptionValues([option('Vegetarian', '素食', 'veg'), option('Halal', '清真', ''), option('Kosher')]).map((o) => o.value),
    ).toEqual(['veg', 'halal', 'kosher']);
  });

  it('is unique within the field: a made value never takes one set or made before', () => {
    const values = withOptionValues([
      option('Other'),
      option('Other', '其他', 'other_2'),
      option('other'),
      option('Other', '其他', 'other'),
    ]).map((o) => o.value);
    expect(values).toEqual(['other_3', 'other_2', 'other_4', 'other']);
    expect(new Set(values).size).toBe(values.length);
  });

  it('numbers an option without an English name by its position, or the next free number', () => {
    expect(withOptionValues([option('', '是'), option('', '否'), option('', '否', 'option_1')]).map((o) => o.value)).toEqual([
      'option_2',
      'option_3',
      'option_1',
    ]);
  });

  it('is stable: the same options give the same values, and made values stay when parsed again', () => {
    const options = [option('Yes', '是'), option('No', '否'), option('', '不确定')];
    const once = withOptionValues(options);
    expect(withOptionValues(options)).toEqual(once);
    expect(withOptionValues(once)).toEqual(once);
  });

  it('the shared schema (the designer form and the API) accepts options without a value and fills them', () => {
    const parsed = ZFieldInput.parse({
      type: 'radio',
      label: { zh: '饮食', en: 'Diet' },
      options: [option('Vegetarian', '素食'), option('Halal', '清真', '')],
    });
    expect(parsed.options).toEqual([
      { value: 'vegetarian', label: { zh: '素食', en: 'Vegetarian' } },
      { value: 'halal', label: { zh: '清真', en: 'Halal' } },
    ]);
    // Two values the organiser set alike are still refused.
    const twice = ZFieldInput.safeParse({
      type: 'radio',
      label: { zh: '甲', en: 'A' },
      options: [option('A', '甲', 'a'), option('B', '乙', 'a')],
    });
    expect(twice.error?.issues[0].message).toBe('optionsDuplicate');
  });
});
