import { describe, expect, it } from 'vitest';
import { hasHiddenCharacters, isLookalikeEmail, mixesScripts } from './lookalike';
import { ZEmail, ZName, ZProfile } from './schemas';

const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('look-alike emails', () => {
  it.each([
    'li.ming@example.org',
    'wang+conf@mail.example.cn',
    '李明@例子.中国',
    'tanaka.たなか@example.jp',
    'kim김@example.kr',
    'иван@пример.рф',
  ])('accepts %s', (email) => {
    expect(isLookalikeEmail(email)).toBe(false);
    expect(ZEmail.safeParse(email).success).toBe(true);
  });

  it.each([
    ['Cyrillic а among Latin letters in the local part', 'p\u0430ypal@example.org'],
    ['Cyrillic о in a domain label', 'li@g\u043e\u043egle.com'],
    ['Greek ο in the local part', 'j\u03bfhn@example.org'],
    ['zero-width space', 'li\u200bming@example.org'],
    ['zero-width non-joiner', 'li\u200cming@example.org'],
    ['zero-width joiner', 'li\u200dming@example.org'],
    ['word joiner', 'li\u2060ming@example.org'],
    ['byte-order mark inside', 'li\ufeffming@example.org'],
    ['soft hyphen', 'li\u00adming@example.org'],
    ['right-to-left override', 'li\u202eming@example.org'],
    ['full-width letters', 'ｌｉ@example.org'],
    ['mathematical letters', '\u{1d5c5}i@example.org'],
  ])('refuses %s', (_, email) => {
    expect(isLookalikeEmail(email)).toBe(true);
    expect(issue(ZEmail.safeParse(email))).toBe('emailLookalike');
  });

  it('tells scripts apart per label', () => {
    expect(mixesScripts('paypal')).toBe(false);
    expect(mixesScripts('p\u0430ypal')).toBe(true);
    expect(mixesScripts('東京tokyo')).toBe(false);
  });
});

describe('hidden characters in names', () => {
  it.each(['Wang Fang', '李明', 'José Ñúñez', "O'Brien-Smith", 'क्‍ष'])('accepts %s', (name) => {
    expect(hasHiddenCharacters(name)).toBe(false);
    expect(ZName.safeParse(name).success).toBe(true);
  });

  it.each([
    ['U+202E right-to-left override', 'Wang\u202eFang'],
    ['U+202A left-to-right embedding', '\u202aWang'],
    ['U+2066 left-to-right isolate', 'Wang\u2066Fang\u2069'],
    ['U+200E left-to-right mark', 'Wang\u200e'],
    ['U+200F right-to-left mark', 'Wang\u200fFang'],
    ['U+061C Arabic letter mark', 'Wang\u061cFang'],
    ['U+200B zero-width space', 'Wang\u200bFang'],
    ['U+2060 word joiner', 'Wang\u2060Fang'],
    ['U+FEFF inside', 'Wang\ufeffFang'],
    ['a control character', 'Wang\u0007Fang'],
  ])('refuses %s', (_, name) => {
    expect(hasHiddenCharacters(name)).toBe(true);
    expect(issue(ZName.safeParse(name))).toBe('nameHiddenCharacters');
  });

  it('applies to the name parts of the profile too', () => {
    const parsed = ZProfile.safeParse({ name: 'Wang Fang', lastName: 'Wang\u202e' });
    expect(issue(parsed)).toBe('nameHiddenCharacters');
  });
});
