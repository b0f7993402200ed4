import { describe, expect, it } from 'vitest';
import { renderMail } from '@/emails/templates';
import { EDITABLE_TEMPLATES } from '@/lib/mail/template-catalog';
import { paidMailTemplate } from './payment-mail';

describe('the payment confirmation mail by order type (spec §3)', () => {
  it('money received for orders of one kind gets that kind’s template', () => {
    expect(paidMailTemplate('paymentReceived', ['registration'])).toBe('registrationPaymentReceived');
    expect(paidMailTemplate('paymentReceived', ['optional', 'optional'])).toBe('optionalPaymentReceived');
    expect(paidMailTemplate('paymentReceived', ['hotel'])).toBe('hotelPaymentReceived');
  });

  it('a bill mixing kinds, or of submission modules, gets the general one; a confirmed transfer keeps its own', () => {
    expect(paidMailTemplate('paymentReceived', ['registration', 'hotel'])).toBe('paymentReceived');
    expect(paidMailTemplate('paymentReceived', ['module'])).toBe('paymentReceived');
    expect(paidMailTemplate('paymentConfirmed', ['hotel'])).toBe('paymentConfirmed');
  });

  it('each of the three is an organiser-editable template worded in both languages', () => {
    for (const name of ['registrationPaymentReceived', 'optionalPaymentReceived', 'hotelPaymentReceived'] as const) {
      expect(EDITABLE_TEMPLATES).toContain(name);
      const vars = { conference: 'C', name: 'N', amount: '¥1.00', billNo: 'B1' };
      expect(renderMail(name, 'zh', vars).text).toContain('B1');
      expect(renderMail(name, 'en', vars).text).toContain('¥1.00');
    }
  });
});
