import { describe, expect, it } from 'vitest';
import { feeListed, feeUnavailable, type FeeRules } from './availability';
import { formatMoney, toMinor } from './money';

const fee: FeeRules = {
  archived: false,
  isOpen: true,
  openDate: '2026-01-01',
  deadline: '2026-06-30',
  languageScope: 'all',
  thirdWorldOnly: false,
  invitationCode: '',
  cap: 10,
  used: 0,
  perAccountMax: 2,
};
const ctx = { today: '2026-03-01', locale: 'zh' as const, country: 'CN' };

describe('fee availability', () => {
  it('is open inside its dates, in every language', () => {
    expect(feeUnavailable(fee, ctx)).toBeNull();
    expect(feeUnavailable(fee, { ...ctx, locale: 'en' })).toBeNull();
    expect(feeUnavailable(fee, { ...ctx, today: '2026-01-01' })).toBeNull();
    expect(feeUnavailable(fee, { ...ctx, today: '2026-06-30' })).toBeNull();
  });
  it('refuses outside its dates, when switched off or archived', () => {
    expect(feeUnavailable(fee, { ...ctx, today: '2025-12-31' })).toBe('notYetOpen');
    expect(feeUnavailable(fee, { ...ctx, today: '2026-07-01' })).toBe('deadlinePassed');
    expect(feeUnavailable({ ...fee, isOpen: false }, ctx)).toBe('closed');
    expect(feeUnavailable({ ...fee, archived: true }, ctx)).toBe('closed');
  });
  it('honours the language scope and the developing-economies scope', () => {
    expect(feeUnavailable({ ...fee, languageScope: 'en' }, ctx)).toBe('language');
    expect(feeUnavailable({ ...fee, languageScope: 'en' }, { ...ctx, locale: 'en' })).toBeNull();
    expect(feeUnavailable({ ...fee, thirdWorldOnly: true }, ctx)).toBe('thirdWorld');
    expect(feeUnavailable({ ...fee, thirdWorldOnly: true }, { ...ctx, country: 'KE' })).toBeNull();
    expect(feeUnavailable({ ...fee, thirdWorldOnly: true }, { ...ctx, country: '' })).toBe('thirdWorld');
  });
  it('needs the invitation code (case and spaces ignored) and hides the fee without it', () => {
    const coded = { ...fee, invitationCode: 'VIP2026' };
    expect(feeUnavailable(coded, ctx)).toBe('invitationCode');
    expect(feeUnavailable(coded, { ...ctx, invitationCode: 'wrong' })).toBe('invitationCode');
    expect(feeUnavailable(coded, { ...ctx, invitationCode: ' vip2026 ' })).toBeNull();
    expect(feeListed(coded, ctx)).toBe(false);
    expect(feeListed(coded, { ...ctx, invitationCode: 'VIP2026' })).toBe(true);
    expect(feeListed({ ...fee, thirdWorldOnly: true }, ctx)).toBe(true);
  });
  it('is full when the quantity does not fit under the cap; no cap means no limit', () => {
    expect(feeUnavailable({ ...fee, used: 9 }, ctx, 1)).toBeNull();
    expect(feeUnavailable({ ...fee, used: 9 }, ctx, 2)).toBe('full');
    expect(feeUnavailable({ ...fee, used: 10 }, ctx)).toBe('full');
    expect(feeListed({ ...fee, used: 10 }, ctx)).toBe(true);
    expect(feeUnavailable({ ...fee, cap: null, used: 100000 }, ctx)).toBeNull();
  });
});

describe('money', () => {
  it('converts typed prices to integer minor units exactly', () => {
    expect(toMinor('1200', 'CNY')).toBe(120000);
    expect(toMinor('0.29', 'CNY')).toBe(29);
    expect(toMinor(19.99, 'USD')).toBe(1999);
    expect(toMinor('80.5', 'EUR')).toBe(8050);
    expect(toMinor('1.005', 'CNY')).toBeNaN();
    expect(toMinor('-3', 'CNY')).toBeNaN();
    expect(toMinor('5000', 'JPY')).toBe(5000);
  });
  it('formats in the reader’s language', () => {
    expect(formatMoney(120000, 'CNY', 'zh')).toBe('¥1,200.00');
    expect(formatMoney(8000, 'USD', 'en')).toBe('US$80.00');
  });
});
