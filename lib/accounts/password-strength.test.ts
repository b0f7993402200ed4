import { describe, expect, it } from 'vitest';
import { passwordWeakness } from './password-strength';

describe('passwordWeakness', () => {
  it('accepts 8+ characters with letters and digits', () => {
    expect(passwordWeakness('Conference2026')).toBeNull();
  });
  it.each([
    ['short1', 'passwordTooShort'],
    ['a'.repeat(60) + '12345', 'passwordTooLong'],
    ['onlyletters', 'passwordWeak'],
    ['1234567890', 'passwordWeak'],
    ['Password123', 'passwordWeak'],
  ])('rejects %s', (password, key) => {
    expect(passwordWeakness(password)).toBe(key);
  });
  it('rejects the email or its local part', () => {
    expect(passwordWeakness('li.ming2026@example.org', { email: 'li.ming2026@example.org' })).toBe('passwordWeak');
    expect(passwordWeakness('li.ming2026', { email: 'li.ming2026@example.org' })).toBe('passwordWeak');
  });
});
