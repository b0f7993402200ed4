import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword } from './common-passwords';
import { passwordWeakness } from './password-strength';

describe('passwordWeakness', () => {
  it.each(['Conference2026', 'Kexue2026data', 'E2e-password-2026', 'Tr0ub4dor&3', 'Xk9#mP2$vL', 'correct-horse-battery-9'])(
    'accepts %s',
    (password) => {
      expect(passwordWeakness(password, { email: 'li.ming2026@example.org', name: 'Wang Fang' })).toBeNull();
    },
  );
  it.each([
    ['short1', 'passwordTooShort'],
    ['a'.repeat(60) + '12345', 'passwordTooLong'],
    ['onlyletters', 'passwordWeak'],
    ['1234567890', 'passwordWeak'],
  ])('rejects %s', (password, key) => {
    expect(passwordWeakness(password)).toBe(key);
  });

  it('ships a common-password list of at least 10,000 entries', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
    // Deep in the list, so a short built-in list would not have it.
    expect(isCommonPassword('sunshine1')).toBe(true);
    expect(isCommonPassword('conference2026')).toBe(false);
  });

  it.each(['Passw0rd', 'Password123', 'P@ssw0rd!', 'dragon2026!', 'Sunshine1', 'iloveyou1', 'NewPassword99', 'm0nk3y123', 'Baseball99'])(
    'rejects the common password %s, as typed, with digits or symbols around it, or in leet-speak',
    (password) => {
      expect(passwordWeakness(password)).toBe('passwordCommon');
    },
  );

  it.each(['aaaaaaa1', 'qwerty12', 'abc12345', '1qaz2wsx', 'zaq12wsx', 'asdf1234', '11111111a', 'zyxw9876', 'Qwerty!!9'])(
    'rejects the keyboard walk or repeated characters %s',
    (password) => {
      expect(passwordWeakness(password)).toBe('passwordPattern');
    },
  );

  it('rejects passwords built from the email or the name, with digits, symbols or leet-speak', () => {
    const context = { email: 'li.ming2026@example.org', name: 'Wang Fang' };
    for (const password of [
      'li.ming2026@example.org',
      'li.ming2026',
      'LiMing!2026',
      'l1m1ng2026',
      'Wangfang1990',
      'FangWang#88',
      'W4ngF4ng2026',
    ]) {
      expect(passwordWeakness(password, context), password).toBe('passwordPersonal');
    }
    // The same password for someone else is fine.
    expect(passwordWeakness('Wangfang1990', { email: 'chen@example.org', name: 'Chen Jie' })).toBeNull();
    // A name inside a longer password is not the whole of it.
    expect(passwordWeakness('Fang-Conference-2026', context)).toBeNull();
  });
});
