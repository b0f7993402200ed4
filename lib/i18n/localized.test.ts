import { describe, expect, it } from 'vitest';
import { localized } from './localized';

describe('localized', () => {
  it('picks the language and falls back to the other one when empty', () => {
    expect(localized({ zh: '大会', en: 'Conference' }, 'en')).toBe('Conference');
    expect(localized({ zh: '大会', en: ' ' }, 'en')).toBe('大会');
    expect(localized({ zh: '', en: 'Conference' }, 'zh')).toBe('Conference');
    expect(localized(null, 'zh')).toBe('');
  });
});
