import { describe, expect, it } from 'vitest';
import { serverTranslator } from '@/lib/i18n/server-messages';
import { PAY_STATUSES, payStatusLabel } from './pay-status';

describe('payStatusLabel', () => {
  for (const locale of ['zh', 'en'] as const) {
    const t = serverTranslator(locale, 'orders');
    it(`gives words for every payment state in ${locale}, never the stored code or a message key`, () => {
      for (const status of PAY_STATUSES) {
        const label = payStatusLabel(t, status);
        expect(label, status).not.toBe(status);
        expect(label, status).not.toMatch(/pay_|orders\./);
        expect(label.trim().length, status).toBeGreaterThan(0);
      }
    });

    it(`reads a state it does not know as unknown in ${locale}`, () => {
      const label = payStatusLabel(t, 'somethingNew');
      expect(label).toBe(locale === 'zh' ? '未知状态' : 'Unknown state');
    });
  }

  it('tells a card payment and a confirmed transfer apart from an unpaid one in both languages', () => {
    for (const locale of ['zh', 'en'] as const) {
      const t = serverTranslator(locale, 'orders');
      expect(payStatusLabel(t, 'success')).not.toBe(payStatusLabel(t, 'unpaid'));
      expect(payStatusLabel(t, 'paid')).not.toBe(payStatusLabel(t, 'unpaid'));
    }
  });
});
