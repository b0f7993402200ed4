import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import { pickMessages } from './pick-messages';

const messages = {
  nav: { menu: 'Menu', menuCurrent: 'Menu: {page}' },
  payments: { kind_bank: 'Bank transfer', kind_wechat: 'WeChat Pay', payNow: 'Pay {amount}', other: 'x' },
  errors: { network: 'No connection', timeout: 'Too slow', nested: { a: 'A' } },
};

describe('pickMessages', () => {
  it('keeps whole namespaces, single messages and prefixes, and nothing else', () => {
    expect(pickMessages(messages, ['nav', 'errors.network', 'payments.kind_*', 'payments.payNow'])).toEqual({
      nav: { menu: 'Menu', menuCurrent: 'Menu: {page}' },
      errors: { network: 'No connection' },
      payments: { kind_bank: 'Bank transfer', kind_wechat: 'WeChat Pay', payNow: 'Pay {amount}' },
    });
  });

  it('reaches into groups', () => {
    expect(pickMessages(messages, ['errors.nested.a'])).toEqual({ errors: { nested: { a: 'A' } } });
  });

  it('refuses a path that names nothing', () => {
    expect(() => pickMessages(messages, ['missing'])).toThrow('No messages at "missing"');
    expect(() => pickMessages(messages, ['nav.gone'])).toThrow();
    expect(() => pickMessages(messages, ['payments.none_*'])).toThrow();
    expect(() => pickMessages(messages, ['nav.menu.deeper'])).toThrow();
  });

  it('works on the real messages', () => {
    const picked = pickMessages(en, ['nav.menu', 'payments.kind_*']);
    expect(picked.nav).toEqual({ menu: 'Menu' });
    expect(Object.keys(picked.payments as object).length).toBeGreaterThan(1);
  });
});
