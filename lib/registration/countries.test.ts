import { describe, expect, it } from 'vitest';
import { offeredCountryChoices } from './countries';

describe('offeredCountryChoices', () => {
  it('orders the offered countries by name in the form’s language, Others last — not by code', () => {
    const en = offeredCountryChoices(['DE', 'AT', 'CN', 'OTHER', 'GB'], 'en').map((c) => c.label);
    expect(en).toEqual(['Austria', 'China', 'Germany', 'United Kingdom', 'Others']);
    const zh = offeredCountryChoices(['DE', 'AT', 'CN', 'OTHER'], 'zh').map((c) => c.value);
    // 奥地利 (ào), 德国 (dé), 中国 (zhōng) in pinyin order.
    expect(zh).toEqual(['AT', 'DE', 'CN', 'OTHER']);
  });

  it('offers every country when the organiser chose none', () => {
    const all = offeredCountryChoices([], 'en');
    expect(all.length).toBeGreaterThan(200);
    expect(all.at(-1)?.value).toBe('OTHER');
  });
});
